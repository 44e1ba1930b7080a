import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AuditEntry, AuditFilter, AuditVerify, StaffRole } from '@campaign/contract/client';
import { Alert, Button, Descriptions, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useEndpointQuery } from '../../api/queries';
import { ApiError, call, download } from '../../api/request';
import { actionLabel } from '../../shared/audit-action';
import { formatTime } from '../../shared/format';
import { type MessageKey, t } from '../../shared/i18n';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { RoleTags } from '../../shared/role-tags';
import './audit.css';

const PAGE_SIZE = 20;

const short = (v: unknown) => {
  if (v === null || v === undefined) return '—';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

interface FilterForm {
  action?: string;
  actor?: string;
  subject?: string;
  /** `YYYY-MM-DD` from the date inputs, China time. */
  from?: string;
  to?: string;
}

/** Midnight China time of a `YYYY-MM-DD` day, in epoch ms. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/** The audit log: filters, server paging, the chain's verification with its result, CSV export. */
export function AuditScreen() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [draft, setDraft] = useState<FilterForm>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [verify, setVerify] = useState<AuditVerify | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useEndpointQuery(
    'consoleAuditList',
    { query: { ...filter, page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev },
  );

  const apply = (v: FilterForm) => {
    setFilter({
      ...(v.action ? { action: v.action } : {}),
      ...(v.actor?.trim() ? { actor: v.actor.trim() } : {}),
      ...(v.subject?.trim() ? { subject: v.subject.trim() } : {}),
      ...(v.from ? { from: dayStart(v.from) } : {}),
      ...(v.to ? { to: dayStart(v.to) + 86_400_000 } : {}),
    });
    setPage(1);
  };
  const runVerify = async () => {
    setVerifying(true);
    setFailure(null);
    try {
      setVerify(await call('consoleAuditVerify'));
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
    } finally {
      setVerifying(false);
    }
  };
  const runExport = async () => {
    setExporting(true);
    setFailure(null);
    try {
      await download('consoleAuditExport', { query: filter });
      void list.refetch();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="console-page">
      <PageHead
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        extra={
          <Space>
            <Button icon={<SafetyCertificateOutlined />} onClick={runVerify} loading={verifying}>
              {t('audit.verify')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={runExport} loading={exporting}>
              {exporting ? t('audit.exporting') : t('audit.export')}
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
        <form
          className="audit-filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
          onReset={() => {
            setDraft({});
            apply({});
          }}
        >
          <span className="audit-filter">
            <label htmlFor="audit-action">{t('audit.filter.action')}</label>
            <Select
              id="audit-action"
              allowClear
              // The list grows with every kind of console action: type to narrow it.
              showSearch={{ optionFilterProp: 'label' }}
              value={draft.action}
              onChange={(action?: string) => setDraft({ ...draft, action })}
              options={(list.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
              aria-label={t('audit.filter.action')}
            />
          </span>
          <span className="audit-filter">
            <label htmlFor="audit-actor">{t('audit.filter.actor')}</label>
            <Input
              allowClear
              id="audit-actor"
              value={draft.actor ?? ''}
              onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
            />
          </span>
          <span className="audit-filter">
            <label htmlFor="audit-subject">{t('audit.filter.subject')}</label>
            <Input
              allowClear
              id="audit-subject"
              value={draft.subject ?? ''}
              onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
            />
          </span>
          <span className="audit-filter audit-filter--time">
            <span id="audit-time">{t('audit.filter.time')}</span>
            <Input
              type="date"
              aria-label={`${t('audit.filter.time')} ${t('audit.filter.from')}`}
              value={draft.from ?? ''}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
            <span aria-hidden="true">—</span>
            <Input
              type="date"
              aria-label={`${t('audit.filter.time')} ${t('audit.filter.to')}`}
              value={draft.to ?? ''}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </span>
          <Space className="audit-filters__actions">
            <Button type="primary" htmlType="submit">
              {t('common.search')}
            </Button>
            <Button htmlType="reset">{t('common.reset')}</Button>
          </Space>
        </form>
        {list.error ? (
          <LoadFailed error={list.error} retry={list.refetch} />
        ) : (
          <Table<AuditEntry>
            rowKey="seq"
            size="middle"
            loading={list.isFetching && !list.data}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              showTotal: (n) => t('common.total', { n }),
            }}
            expandable={{ expandedRowRender: (e) => <EntryDetail e={e} />, rowExpandable: () => true }}
            columns={[
              { title: t('audit.col.seq'), dataIndex: 'seq', width: 80 },
              { title: t('audit.col.time'), dataIndex: 'at', width: 170, render: (at: number) => formatTime(at, true) },
              {
                title: t('audit.col.actor'),
                key: 'actor',
                render: (_, e) =>
                  e.actor ? (
                    <span>
                      {e.actor.name} <span className="muted">{e.actor.id}</span>
                    </span>
                  ) : (
                    <span className="muted">{t('audit.nobody')}</span>
                  ),
              },
              { title: t('audit.col.ip'), dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
              {
                title: t('audit.col.action'),
                dataIndex: 'action',
                render: (a: string) => (
                  <Tag
                    color={
                      a.endsWith('failed') || a.endsWith('locked')
                        ? 'red'
                        : a.startsWith('settings')
                          ? 'purple'
                          : 'blue'
                    }
                    bordered={false}
                  >
                    {actionLabel(a)}
                  </Tag>
                ),
              },
              { title: t('audit.col.subject'), dataIndex: 'subject', render: (s: string | null) => s ?? '—' },
              {
                title: t('audit.col.change'),
                key: 'change',
                render: (_, e) => (
                  <span className="audit-change">
                    {e.before !== null ? <span className="mono">{short(e.before)} → </span> : null}
                    <span className="mono">{short(e.after)}</span>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}

function VerifyResult({ r, onClose }: { r: AuditVerify; onClose: () => void }) {
  if (r.ok) {
    return (
      <Alert
        className="audit-verify"
        type="success"
        showIcon
        closable={{ onClose }}
        // Good news is announced politely; only a broken chain interrupts (role="alert" below).
        role="status"
        title={r.checked === 0 ? t('audit.verify.empty') : t('audit.verify.ok', { n: r.checked })}
        description={
          r.head ? <span className="mono">{t('audit.verify.head', { seq: r.head.seq, hash: r.head.hash })}</span> : null
        }
        data-testid="verify-result"
      />
    );
  }
  return (
    <Alert
      className="audit-verify"
      type="error"
      showIcon
      closable={{ onClose }}
      role="alert"
      title={t('audit.verify.bad', {
        seq: r.firstBad?.seq ?? 0,
        reason: t(`audit.reason.${r.firstBad?.reason ?? 'changed'}` as MessageKey),
      })}
      description={t('audit.verify.badBody', { n: r.checked })}
      data-testid="verify-result"
    />
  );
}

function EntryDetail({ e }: { e: AuditEntry }) {
  return (
    <Descriptions size="small" column={1} bordered className="audit-detail">
      <Descriptions.Item label={t('audit.before')}>
        <pre className="mono audit-json">{e.before === null ? '—' : JSON.stringify(e.before, null, 2)}</pre>
      </Descriptions.Item>
      <Descriptions.Item label={t('audit.after')}>
        <pre className="mono audit-json">{e.after === null ? '—' : JSON.stringify(e.after, null, 2)}</pre>
      </Descriptions.Item>
      {e.actor ? (
        <Descriptions.Item label={t('layout.roles')}>
          {e.actor.roles.length ? <RoleTags roles={e.actor.roles as StaffRole[]} /> : '—'}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('audit.prevHash')}>
        <span className="mono">{e.prevHash}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('audit.hash')}>
        <span className="mono">{e.hash}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
