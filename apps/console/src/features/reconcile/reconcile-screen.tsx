import type { ReconcileCheck, ReconcileReport } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Empty, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { fill, m } from './messages';
import './reconcile.css';

/** The reconciliation: the corp's campaigns with their latest result, and one campaign's reports. */
export function ReconcileScreen() {
  const [params, setParams] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const campaigns = useEndpointQuery('consoleReconcileCampaigns');
  const title = campaigns.data?.items.find((c) => c.actId === actId)?.title ?? actId;
  return (
    <div className="console-page">
      <PageHead title={m.title} subtitle={m.subtitle} />
      <div className="reconcile-grid">
        <Panel title={m.campaigns}>
          {campaigns.error ? (
            <LoadFailed error={campaigns.error} retry={campaigns.refetch} />
          ) : (
            <Table
              rowKey="actId"
              size="small"
              loading={campaigns.isLoading}
              pagination={false}
              dataSource={campaigns.data?.items ?? []}
              locale={{ emptyText: <Empty description={m.empty} /> }}
              rowClassName={(c) => (c.actId === actId ? 'reconcile-row--current' : '')}
              onRow={(c) => ({ onClick: () => setParams({ actId: c.actId }) })}
              columns={[
                {
                  title: m.campaigns,
                  key: 'title',
                  render: (_, c) => (
                    <a
                      href={`?actId=${encodeURIComponent(c.actId)}`}
                      onClick={(e) => {
                        e.preventDefault();
                        setParams({ actId: c.actId });
                      }}
                      aria-current={c.actId === actId ? 'page' : undefined}
                    >
                      {c.title} <span className="muted">{c.actId}</span>
                    </a>
                  ),
                },
                {
                  title: m.result,
                  key: 'latest',
                  width: 90,
                  render: (_, c) =>
                    c.latest === null ? (
                      <Tag>{m.notRun}</Tag>
                    ) : (
                      <Tag color={c.latest.ok ? 'success' : 'error'}>{c.latest.ok ? m.balanced : m.unbalanced}</Tag>
                    ),
                },
              ]}
            />
          )}
        </Panel>
        {actId ? (
          <CampaignReports key={actId} actId={actId} title={title} />
        ) : (
          <Panel>
            <Empty description={m.pick} />
          </Panel>
        )}
      </div>
    </div>
  );
}

function CampaignReports({ actId, title }: { actId: string; title: string }) {
  const [message, holder] = antdMessage.useMessage();
  const [shown, setShown] = useState<string | null>(null);
  const reports = useEndpointQuery('consoleReconcileReports', { query: { actId, page: 1, pageSize: 20 } });
  const run = useEndpointMutation('consoleReconcileRun', {
    invalidates: ['consoleReconcileReports', 'consoleReconcileCampaigns'],
    onSuccess: (r) => {
      setShown(r.id);
      void message.success(m.ran);
    },
    onError: (err) => void message.error(err.message),
  });
  const items = reports.data?.items ?? [];
  const report = items.find((r) => r.id === shown) ?? items[0] ?? null;
  return (
    <Panel
      title={`${title}（${actId}）`}
      extra={
        <Popconfirm title={fill(m.runConfirm, { title })} onConfirm={() => run.mutate({ body: { actId } })}>
          <Button type="primary" loading={run.isPending} disabled={run.isPending}>
            {m.run}
          </Button>
        </Popconfirm>
      }
    >
      {holder}
      {reports.error ? (
        <LoadFailed error={reports.error} retry={reports.refetch} />
      ) : report === null ? (
        reports.isLoading ? null : (
          <Empty description={m.noReport} />
        )
      ) : (
        <>
          <ReportView r={report} />
          {items.length > 1 ? (
            <div className="reconcile-history">
              <h3>{m.history}</h3>
              <ul>
                {items.map((r) => (
                  <li key={r.id}>
                    <Button type="link" size="small" onClick={() => setShown(r.id)} aria-pressed={r.id === report.id}>
                      {fill(m.reportOf, {
                        time: formatTime(r.at, true),
                        trigger: r.trigger === 'daily' ? m.daily : m.manual,
                      })}
                    </Button>
                    <Tag color={r.ok ? 'success' : 'error'}>{r.ok ? m.balanced : m.unbalanced}</Tag>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </Panel>
  );
}

function ReportView({ r }: { r: ReconcileReport }) {
  const bad = r.checks.filter((c) => !c.ok);
  return (
    <div data-testid="reconcile-report" data-ok={r.ok ? 'true' : 'false'}>
      <Alert
        type={r.ok ? 'success' : 'error'}
        showIcon
        role={r.ok ? 'status' : 'alert'}
        title={r.ok ? m.okTitle : fill(m.badTitle, { n: bad.length })}
        description={fill(m.reportOf, {
          time: formatTime(r.at, true),
          trigger: r.trigger === 'daily' ? m.daily : m.manual,
        })}
        className="reconcile-verdict"
      />
      <Table<ReconcileCheck>
        // A new report opens with its failing checks expanded (the default applies when the table mounts).
        key={r.at}
        rowKey="name"
        size="middle"
        pagination={false}
        dataSource={r.checks}
        rowClassName={(c) => (c.ok ? '' : 'reconcile-check--bad')}
        expandable={{
          rowExpandable: (c) => c.rows.length > 0,
          defaultExpandedRowKeys: bad.map((c) => c.name),
          expandedRowRender: (c) => (
            <Table
              rowKey={(x) => `${x.table}:${x.id}`}
              size="small"
              pagination={false}
              dataSource={c.rows}
              title={() => m.rowsBehind}
              className="reconcile-rows"
              columns={[
                { title: m.table, dataIndex: 'table', width: 140 },
                {
                  title: m.id,
                  dataIndex: 'id',
                  width: 280,
                  render: (id: string) => <span className="mono">{id}</span>,
                },
                { title: m.detail, dataIndex: 'detail' },
              ]}
            />
          ),
        }}
        columns={[
          { title: m.check, dataIndex: 'label' },
          { title: m.left, dataIndex: 'left', width: 120, align: 'right' },
          { title: m.right, dataIndex: 'right', width: 120, align: 'right' },
          {
            title: m.result,
            dataIndex: 'ok',
            width: 200,
            // A failing check whose totals agree (records that cancel out) says so, or 6 = 6 would read 不平.
            render: (ok: boolean, c) =>
              ok ? (
                <Tag color="success">{m.pass}</Tag>
              ) : (
                <>
                  <Tag color="error">{m.fail}</Tag>
                  <div className="reconcile-why" data-testid={`why-${c.name}`}>
                    {c.left === c.right
                      ? m.sameTotals
                      : fill(m.offBy, { d: Math.abs(c.left - c.right).toLocaleString('zh-CN') })}
                  </div>
                </>
              ),
          },
        ]}
      />
    </div>
  );
}
