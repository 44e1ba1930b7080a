import type { Alert as AlertItem, ConsoleMe, RouteData } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Empty, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { ApiError } from '../../api/request';
import { useCampaignTitles } from '../../shared/campaign/titles';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { TONES } from '../../shared/theme';
import { fill, m } from './messages';
import './alerts.css';

/** Each kind's tone (AA contrast; antd's preset orange, gold and volcano tags are not). */
const KIND_TONE = {
  stock_low: TONES.orange,
  budget_ahead: TONES.amber,
  error_rate: TONES.red,
  rate_limited: TONES.purple,
  reconcile_diff: TONES.red,
} as const;
const DELIVERY_COLOR = { none: 'default', pending: 'processing', delivered: 'success', failed: 'error' } as const;
const PAGE_SIZE = 20;

/** Alerts as they were raised, with their webhook delivery; the webhook itself (an admin sets it). */
export function AlertsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const [page, setPage] = useState(1);
  const alerts = useEndpointQuery(
    'consoleAlerts',
    { query: { page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev, refetchInterval: 5_000 },
  );
  const titles = useCampaignTitles();
  return (
    <div className="console-page">
      <PageHead title={m.title} subtitle={m.subtitle} />
      {alerts.error ? (
        <LoadFailed error={alerts.error} retry={alerts.refetch} />
      ) : (
        <>
          <WebhookPanel current={alerts.data?.webhook ?? null} isAdmin={me.roles.includes('admin')} />
          <Panel title={m.list}>
            <Table<AlertItem>
              rowKey="id"
              size="middle"
              loading={alerts.isLoading}
              dataSource={alerts.data?.items ?? []}
              locale={{ emptyText: <Empty description={m.empty} /> }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: alerts.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
              }}
              columns={[
                { title: m.col.time, dataIndex: 'at', width: 150, render: (v: number) => formatTime(v) },
                {
                  title: m.col.kind,
                  dataIndex: 'kind',
                  width: 110,
                  render: (k: AlertItem['kind']) => (
                    <Tag style={KIND_TONE[k]} bordered={false}>
                      {m.kinds[k]}
                    </Tag>
                  ),
                },
                {
                  title: m.col.campaign,
                  dataIndex: 'actId',
                  width: 160,
                  render: (a: string | null) => (a === null ? '—' : (titles.get(a) ?? a)),
                },
                { title: m.col.message, dataIndex: 'message' },
                {
                  title: m.col.delivery,
                  key: 'delivery',
                  width: 170,
                  render: (_, a) => (
                    <span title={a.lastError ?? undefined}>
                      <Tag color={DELIVERY_COLOR[a.delivery]}>{m.delivery[a.delivery]}</Tag>
                      {a.attempts > 0 ? <span className="muted">{fill(m.attempts, { n: a.attempts })}</span> : null}
                    </span>
                  ),
                },
              ]}
            />
          </Panel>
        </>
      )}
    </div>
  );
}

function WebhookPanel({ current, isAdmin }: { current: RouteData<'consoleAlerts'>['webhook']; isAdmin: boolean }) {
  const [message, holder] = antdMessage.useMessage();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useEndpointMutation('consoleAlertWebhook', {
    invalidates: ['consoleAlerts'],
    onSuccess: () => {
      setError(null);
      setSecret('');
      void message.success(m.saved);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Panel title={m.webhook} className="alerts-webhook">
      {holder}
      <p data-testid="webhook-current">
        {current
          ? fill(m.webhookAt, { url: current.url, time: formatTime(current.updatedAt), by: current.updatedBy.name })
          : m.webhookNone}
      </p>
      {isAdmin ? (
        <form
          className="alerts-webhook__form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ body: { url: url.trim(), secret } });
          }}
        >
          <label htmlFor="webhook-url">{m.url}</label>
          <Input id="webhook-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
          <label htmlFor="webhook-secret">{m.secret}</label>
          <div>
            <Input.Password
              id="webhook-secret"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              aria-describedby="webhook-secret-help"
              autoComplete="new-password"
            />
            <div id="webhook-secret-help" className="muted">
              {m.secretHelp}
            </div>
          </div>
          <span />
          <div>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={save.isPending || !url.trim() || secret.length < 16}
            >
              {m.save}
            </Button>
          </div>
          {error ? <Alert type="error" showIcon title={error} role="alert" className="alerts-webhook__error" /> : null}
        </form>
      ) : (
        <p className="muted">{m.adminOnly}</p>
      )}
    </Panel>
  );
}
