import type { Alert as AlertItem, ConsoleMe } from '@campaign/contract/client';
import { Empty, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { useOutletContext } from 'react-router';
import { useCampaignTitles } from '../../shared/campaign/titles';
import { formatTime } from '../../shared/format';
import { type ListPage, useListPage } from '../../shared/hooks/use-list-page';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { TONES } from '../../shared/theme';
import { t } from './messages';
import { WebhookPanel } from './webhook-panel';
import './alerts.css';

/** Each kind's tone (AA contrast; antd's preset orange, gold and volcano tags are not). */
const KIND_TONE = {
  stock_low: TONES.orange,
  budget_ahead: TONES.amber,
  error_rate: TONES.red,
  rate_limited: TONES.purple,
  reconcile_diff: TONES.red,
  audit_head: TONES.blue,
  risk_signal: TONES.red,
} as const;
const DELIVERY_COLOR = { none: 'default', pending: 'processing', delivered: 'success', failed: 'error' } as const;

type AlertList = ListPage<'consoleAlerts', never, AlertItem>;

/** Alerts as they were raised, with their webhook delivery; the webhook itself (an admin sets it). */
export function AlertsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const alerts = useListPage('consoleAlerts', {
    filters: [],
    toQuery: ({ page, pageSize }) => ({ page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
  });
  // The hook takes no query options: new alerts are fetched here every 5 seconds, as before.
  const { refetch } = alerts.result;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), 5_000);
    return () => clearInterval(timer);
  }, [refetch]);
  return (
    <div className="console-page">
      <PageHead title={t('alerts.title')} subtitle={t('alerts.subtitle')} />
      {alerts.error ? (
        <LoadFailed error={alerts.error} retry={refetch} />
      ) : (
        <>
          <WebhookPanel current={alerts.result.data?.webhook ?? null} isAdmin={me.roles.includes('admin')} />
          <Panel title={t('alerts.list')}>
            <AlertsTable alerts={alerts} />
          </Panel>
        </>
      )}
    </div>
  );
}

function AlertsTable({ alerts }: { alerts: AlertList }) {
  const titles = useCampaignTitles();
  return (
    <Table<AlertItem>
      {...alerts.tableProps}
      size="middle"
      locale={{ emptyText: <Empty description={t('alerts.empty')} /> }}
      pagination={{ ...alerts.tableProps.pagination, showTotal: undefined }}
      columns={[
        { title: t('alerts.col.time'), dataIndex: 'at', width: 150, render: (v: number) => formatTime(v) },
        {
          title: t('alerts.col.kind'),
          dataIndex: 'kind',
          width: 110,
          render: (k: AlertItem['kind']) => (
            <Tag style={KIND_TONE[k]} bordered={false}>
              {t(`alerts.kinds.${k}`)}
            </Tag>
          ),
        },
        {
          title: t('alerts.col.campaign'),
          dataIndex: 'actId',
          width: 160,
          render: (a: string | null) => (a === null ? '—' : (titles.get(a) ?? a)),
        },
        { title: t('alerts.col.message'), dataIndex: 'message' },
        {
          title: t('alerts.col.delivery'),
          key: 'delivery',
          width: 170,
          render: (_, a) => (
            <span title={a.lastError ?? undefined}>
              <Tag color={DELIVERY_COLOR[a.delivery]}>{t(`alerts.delivery.${a.delivery}`)}</Tag>
              {a.attempts > 0 ? <span className="muted">{t('alerts.attempts', { n: a.attempts })}</span> : null}
            </span>
          ),
        },
      ]}
    />
  );
}
