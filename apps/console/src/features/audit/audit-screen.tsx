import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AuditEntry, AuditFilter, AuditVerify } from '@campaign/contract/client';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useEndpointQuery } from '../../api/queries';
import { ApiError, call, download } from '../../api/request';
import { formatTime } from '../../shared/format';
import { type MessageKey, t } from '../../shared/i18n';
import { PageHead } from '../../shared/page-head';
import './audit.css';

const PAGE_SIZE = 20;

/** A known action's Chinese name; an action from a later module is shown as it is. */
export function actionLabel(action: string): string {
  const key = `action.${action}` as MessageKey;
  const text = t(key);
  return text === key ? action : text;
}

const short = (v: unknown) => {
  if (v === null || v === undefined) return '—';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

interface FilterForm {
  action?: string;
  actor?: string;
  subject?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The audit log: filters, server paging, the chain's verification with its result, CSV export. */
export function AuditScreen() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<AuditFilter>({});
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
      ...(v.range?.[0] ? { from: v.range[0].startOf('day').valueOf() } : {}),
      ...(v.range?.[1] ? { to: v.range[1].endOf('day').valueOf() + 1 } : {}),
    });
    setPage(1);
  };
  const runVerify = async () => {
    setVerifying(true);
    try {
      setVerify(await call('consoleAuditVerify'));
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : String(err));
    } finally {
      setVerifying(false);
    }
  };
  const runExport = async () => {
    setExporting(true);
    try {
      await download('consoleAuditExport', { query: filter });
      void list.refetch();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : String(err));
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
      <Card>
        <Form<FilterForm> layout="inline" className="audit-filters" onFinish={apply} onReset={() => apply({})}>
          <Form.Item name="action" label={t('audit.filter.action')}>
            <Select
              allowClear
              style={{ width: 200 }}
              options={(list.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
              aria-label={t('audit.filter.action')}
            />
          </Form.Item>
          <Form.Item name="actor" label={t('audit.filter.actor')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="subject" label={t('audit.filter.subject')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="range" label={t('audit.filter.time')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
              <Button htmlType="reset">{t('common.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
        {list.error ? (
          <Alert
            type="error"
            showIcon
            title={t('common.loadFailed')}
            description={list.error.message}
            action={<Button onClick={() => list.refetch()}>{t('common.retry')}</Button>}
          />
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
                      {e.actor.name} <Typography.Text type="secondary">{e.actor.id}</Typography.Text>
                    </span>
                  ) : (
                    <Typography.Text type="secondary">{t('audit.nobody')}</Typography.Text>
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
      </Card>
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
        <Descriptions.Item label={t('layout.roles')}>{e.actor.roles.join(', ') || '—'}</Descriptions.Item>
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
