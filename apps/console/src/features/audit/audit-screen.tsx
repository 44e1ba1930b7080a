import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AuditEntry, AuditFilter, AuditVerify } from '@campaign/contract/client';
import { Alert, Button, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { ApiError, call, download } from '../../api/request';
import { actionLabel } from '../../shared/audit-action';
import { chinaDayEndOf, chinaDayStartOf } from '../../shared/china-dayjs';
import { DeferredRangePicker } from '../../shared/deferred-range-picker';
import { type ListPage, useListPage } from '../../shared/hooks/use-list-page';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { auditColumns, EntryDetail } from './audit-table';
import { t } from './messages';
import { VerifyResult } from './verify-result';
import './audit.css';

type Filter = 'action' | 'actor' | 'subject' | 'from' | 'to';
type AuditList = ListPage<'consoleAuditList', Filter, AuditEntry>;

/** The URL's filters as the endpoint's: the days a China-day range, `to` the first ms after its last day. */
function auditFilter(f: Partial<Record<Filter, string>>): AuditFilter {
  return {
    ...(f.action ? { action: f.action } : {}),
    ...(f.actor ? { actor: f.actor } : {}),
    ...(f.subject ? { subject: f.subject } : {}),
    ...(f.from ? { from: chinaDayStartOf(f.from) } : {}),
    ...(f.to ? { to: chinaDayEndOf(f.to) } : {}),
  };
}

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** The audit log: filters, server paging, the chain's verification with its result, CSV export. */
export function AuditScreen() {
  const list = useListPage('consoleAuditList', {
    filters: ['action', 'actor', 'subject', 'from', 'to'],
    ranges: { period: ['from', 'to'] },
    toQuery: ({ filters, page, pageSize }) => ({ ...auditFilter(filters), page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
    rowKey: 'seq',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [verify, setVerify] = useState<AuditVerify | null>(null);
  const [busy, setBusy] = useState<'verify' | 'export' | null>(null);
  const run = async (what: 'verify' | 'export') => {
    setBusy(what);
    setFailure(null);
    try {
      if (what === 'verify') setVerify(await call('consoleAuditVerify'));
      else {
        await download('consoleAuditExport', { query: auditFilter(list.filters) });
        void list.result.refetch();
      }
    } catch (err) {
      setFailure(message(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="console-page">
      <PageHead
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        extra={
          <Space>
            <Button icon={<SafetyCertificateOutlined />} onClick={() => run('verify')} loading={busy === 'verify'}>
              {t('audit.verify')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => run('export')} loading={busy === 'export'}>
              {busy === 'export' ? t('audit.exporting') : t('audit.export')}
            </Button>
          </Space>
        }
      />
      {verify ? <VerifyResult r={verify} onClose={() => setVerify(null)} /> : null}
      {failure ? (
        <Alert
          className="audit-verify"
          type="error"
          showIcon
          title={failure}
          closable={{ onClose: () => setFailure(null) }}
          role="alert"
        />
      ) : null}
      <Panel>
        <AuditFilters list={list} />
        {list.error ? <LoadFailed error={list.error} retry={list.result.refetch} /> : <AuditTable list={list} />}
      </Panel>
    </div>
  );
}

function AuditFilters({ list }: { list: AuditList }) {
  return (
    <Form {...list.filterFormProps} className="audit-filters">
      <Form.Item name="action" label={t('audit.filter.action')} className="audit-filter">
        <Select
          allowClear
          // The list grows with every kind of console action: type to narrow it.
          showSearch={{ optionFilterProp: 'label' }}
          options={(list.result.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
          aria-label={t('audit.filter.action')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="actor" label={t('audit.filter.actor')} className="audit-filter">
        <Input allowClear />
      </Form.Item>
      <Form.Item name="subject" label={t('audit.filter.subject')} className="audit-filter">
        <Input allowClear />
      </Form.Item>
      <Form.Item name="period" label={t('audit.filter.time')} className="audit-filter audit-filter--time">
        <DeferredRangePicker placeholder={[t('audit.filter.from'), t('audit.filter.to')]} />
      </Form.Item>
      <Space className="audit-filters__actions">
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button htmlType="reset">{t('common.reset')}</Button>
      </Space>
    </Form>
  );
}

function AuditTable({ list }: { list: AuditList }) {
  return (
    <Table<AuditEntry>
      {...list.tableProps}
      size="middle"
      locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
      pagination={{ ...list.tableProps.pagination, showTotal: (n) => t('common.total', { n }) }}
      expandable={{ expandedRowRender: (e) => <EntryDetail e={e} />, rowExpandable: () => true }}
      columns={auditColumns()}
    />
  );
}
