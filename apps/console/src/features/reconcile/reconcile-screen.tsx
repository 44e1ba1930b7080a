import type { ReconcileCheck, ReconcileReport } from '@campaign/contract/client';
import { Alert, message as antdMessage, Button, Empty, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { t } from './messages';
import './reconcile.css';

/** The reconciliation: the corp's campaigns with their latest result, and one campaign's reports. */
export function ReconcileScreen() {
  const [params, setParams] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const campaigns = useEndpointQuery('consoleReconcileCampaigns');
  const title = campaigns.data?.items.find((c) => c.actId === actId)?.title ?? actId;
  return (
    <div className="console-page">
      <PageHead title={t('reconcile.title')} subtitle={t('reconcile.subtitle')} />
      <div className="reconcile-grid">
        <Panel title={t('reconcile.campaigns')}>
          {campaigns.error ? (
            <LoadFailed error={campaigns.error} retry={campaigns.refetch} />
          ) : (
            <Table
              rowKey="actId"
              size="small"
              loading={campaigns.isLoading}
              pagination={false}
              dataSource={campaigns.data?.items ?? []}
              locale={{ emptyText: <Empty description={t('reconcile.empty')} /> }}
              rowClassName={(c) => (c.actId === actId ? 'reconcile-row--current' : '')}
              onRow={(c) => ({ onClick: () => setParams({ actId: c.actId }) })}
              columns={[
                {
                  title: t('reconcile.campaigns'),
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
                  title: t('reconcile.result'),
                  key: 'latest',
                  width: 90,
                  render: (_, c) =>
                    c.latest === null ? (
                      <Tag>{t('reconcile.notRun')}</Tag>
                    ) : (
                      <Tag color={c.latest.ok ? 'success' : 'error'}>
                        {c.latest.ok ? t('reconcile.balanced') : t('reconcile.unbalanced')}
                      </Tag>
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
            <Empty description={t('reconcile.pick')} />
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
      void message.success(t('reconcile.ran'));
    },
    onError: (err) => void message.error(err.message),
  });
  const items = reports.data?.items ?? [];
  const report = items.find((r) => r.id === shown) ?? items[0] ?? null;
  return (
    <Panel
      title={t('reconcile.panelTitle', { title, id: actId })}
      extra={
        <Popconfirm title={t('reconcile.runConfirm', { title })} onConfirm={() => run.mutate({ body: { actId } })}>
          <Button type="primary" loading={run.isPending} disabled={run.isPending}>
            {t('reconcile.run')}
          </Button>
        </Popconfirm>
      }
    >
      {holder}
      {reports.error ? (
        <LoadFailed error={reports.error} retry={reports.refetch} />
      ) : report === null ? (
        reports.isLoading ? null : (
          <Empty description={t('reconcile.noReport')} />
        )
      ) : (
        <>
          <ReportView r={report} />
          {items.length > 1 ? (
            <div className="reconcile-history">
              <h3>{t('reconcile.history')}</h3>
              <ul>
                {items.map((r) => (
                  <li key={r.id}>
                    <Button type="link" size="small" onClick={() => setShown(r.id)} aria-pressed={r.id === report.id}>
                      {t('reconcile.reportOf', {
                        time: formatTime(r.at, true),
                        trigger: r.trigger === 'daily' ? t('reconcile.daily') : t('reconcile.manual'),
                      })}
                    </Button>
                    <Tag color={r.ok ? 'success' : 'error'}>
                      {r.ok ? t('reconcile.balanced') : t('reconcile.unbalanced')}
                    </Tag>
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
        title={r.ok ? t('reconcile.okTitle') : t('reconcile.badTitle', { n: bad.length })}
        description={t('reconcile.reportOf', {
          time: formatTime(r.at, true),
          trigger: r.trigger === 'daily' ? t('reconcile.daily') : t('reconcile.manual'),
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
              title={() => t('reconcile.rowsBehind')}
              className="reconcile-rows"
              columns={[
                { title: t('reconcile.table'), dataIndex: 'table', width: 140 },
                {
                  title: t('reconcile.id'),
                  dataIndex: 'id',
                  width: 280,
                  render: (id: string) => <span className="mono">{id}</span>,
                },
                { title: t('reconcile.detail'), dataIndex: 'detail' },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('reconcile.check'), dataIndex: 'label' },
          { title: t('reconcile.left'), dataIndex: 'left', width: 120, align: 'right' },
          { title: t('reconcile.right'), dataIndex: 'right', width: 120, align: 'right' },
          {
            title: t('reconcile.result'),
            dataIndex: 'ok',
            width: 200,
            // A failing check whose totals agree (records that cancel out) says so, or 6 = 6 would read 不平.
            render: (ok: boolean, c) =>
              ok ? (
                <Tag color="success">{t('reconcile.pass')}</Tag>
              ) : (
                <>
                  <Tag color="error">{t('reconcile.fail')}</Tag>
                  <div className="reconcile-why" data-testid={`why-${c.name}`}>
                    {c.left === c.right
                      ? t('reconcile.sameTotals')
                      : t('reconcile.offBy', { d: Math.abs(c.left - c.right).toLocaleString('zh-CN') })}
                  </div>
                </>
              ),
          },
        ]}
      />
    </div>
  );
}
