import type { ConsoleSignInRecord } from '@campaign/contract/client';
import { Card, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '../../shared/format';
import { useListPage } from '../../shared/hooks/use-list-page';
import { LoadFailed } from '../../shared/load-failed';
import { t } from './messages';

/** Why a refused attempt failed, in words (single sign-on's several reasons read as one). */
function reasonText(reason: string | null): string {
  if (!reason) return '';
  if (reason.startsWith('sso')) return t('account.reason.sso');
  const key = `account.reason.${reason}`;
  const text = t(key as Parameters<typeof t>[0]);
  return text === key ? '' : text;
}

const columns: ColumnsType<ConsoleSignInRecord> = [
  { title: t('account.signIns.at'), dataIndex: 'at', width: 220, render: (at: number) => formatTime(at, true) },
  {
    title: t('account.signIns.ip'),
    dataIndex: 'ip',
    width: 200,
    render: (ip: string | null) => ip ?? t('account.signIns.unknownIp'),
  },
  {
    title: t('account.signIns.result'),
    key: 'result',
    render: (_, r) =>
      r.ok ? (
        <Tag color="success">{t('account.signIns.ok')}</Tag>
      ) : (
        <span>
          <Tag color="error">{t('account.signIns.failed')}</Tag>
          <span className="muted">{reasonText(r.reason)}</span>
        </span>
      ),
  },
  {
    title: t('account.signIns.method'),
    dataIndex: 'method',
    width: 200,
    render: (m: ConsoleSignInRecord['method']) =>
      m === 'sso' ? t('account.method.sso') : t('account.method.password'),
  },
];

/** My recent sign-ins, newest first, paged on the server (the page in the URL). */
export function SignInsCard() {
  const list = useListPage('consoleAccountSignIns', {
    filters: [],
    pageSize: 10,
    toQuery: ({ page, pageSize }) => ({ page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
    rowKey: (r) => `${r.at}-${r.ip}-${r.ok}-${r.reason}`,
  });
  return (
    <Card title={t('account.signIns.title')} className="account-card account-card--wide">
      <p className="muted small account-signins__note">{t('account.signIns.subtitle')}</p>
      {list.error ? (
        <LoadFailed error={list.error} retry={list.result.refetch} />
      ) : (
        <Table<ConsoleSignInRecord>
          {...list.tableProps}
          size="middle"
          locale={{ emptyText: <Empty description={t('account.signIns.empty')} /> }}
          pagination={{ ...list.tableProps.pagination, showTotal: (n) => t('common.total', { n }) }}
          columns={columns}
        />
      )}
    </Card>
  );
}
