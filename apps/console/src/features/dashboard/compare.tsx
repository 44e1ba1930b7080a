import type { Dashboard } from '@campaign/contract/client';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useEndpointQuery } from '../../api/queries';
import { yuan } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { Panel, StatePanel } from '../../shared/panel';
import { t } from './messages';
import { funnelOption } from './options';
import { ChartPanel } from './panels';
import { st } from './scope-messages';
import { FunnelTable } from './tables';

type Range = { from?: string | undefined; to?: string | undefined };

const num = (n: number) => n.toLocaleString('zh-CN');
const pct = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)}%` : '—');

/** The rows compared: a label and how to read it off a dashboard. */
const ROWS: { key: string; label: string; value: (d: Dashboard) => string }[] = [
  { key: 'pv', label: t('dashboard.kpi.pageViews'), value: (d) => num(d.totals.pageViews) },
  { key: 'uv', label: t('dashboard.kpi.visitors'), value: (d) => num(d.totals.visitors) },
  { key: 'people', label: t('dashboard.kpi.participants'), value: (d) => num(d.totals.participants) },
  { key: 'draws', label: t('dashboard.kpi.draws'), value: (d) => num(d.totals.draws) },
  { key: 'wins', label: t('dashboard.kpi.wins'), value: (d) => num(d.totals.wins) },
  { key: 'rate', label: st('dashboard.compare.winRate'), value: (d) => pct(d.totals.wins, d.totals.draws) },
  { key: 'claimed', label: st('dashboard.compare.claimed'), value: (d) => num(d.totals.claimed) },
  { key: 'spent', label: t('dashboard.kpi.spent'), value: (d) => yuan(d.budget.spentCents) },
];

function useDashboard(actId: string, range: Range) {
  const query = { actId, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  return useEndpointQuery(
    'consoleStatsDashboard',
    { query },
    { placeholderData: (prev) => prev, refetchInterval: 10_000 },
  );
}

/** 对比: two campaigns side by side, the same days for both (read every 10 s, not streamed). */
export function CompareView({ a, b, range }: { a: string; b: string; range: Range }) {
  const left = useDashboard(a, range);
  const right = useDashboard(b, range);
  const l = left.data;
  const r = right.data;
  const funnels = useMemo(() => (l && r ? [funnelOption(l), funnelOption(r)] : null), [l, r]);
  const failed = left.error ?? right.error;
  if (failed && (!l || !r)) {
    return <LoadFailed error={failed} retry={() => void Promise.all([left.refetch(), right.refetch()])} />;
  }
  if (!l || !r || !funnels) {
    return <StatePanel tone="info" title={`${t('dashboard.connecting')}…`} />;
  }
  const name = (d: Dashboard) => d.title || st('dashboard.campaignName');
  return (
    <div className="dash-grid" data-testid="dash-compare">
      <Panel title={st('dashboard.compare.title')}>
        <Table
          size="middle"
          rowKey="key"
          pagination={false}
          dataSource={ROWS}
          columns={[
            { title: st('dashboard.compare.metric'), dataIndex: 'label', width: 180 },
            { title: name(l), key: 'a', align: 'right', render: (_, row) => row.value(l) },
            { title: name(r), key: 'b', align: 'right', render: (_, row) => row.value(r) },
          ]}
        />
      </Panel>
      <div className="dash-grid dash-grid--half">
        <ChartPanel
          title={`${t('dashboard.funnel.title')} · ${name(l)}`}
          option={funnels[0] as never}
          table={<FunnelTable funnel={l.funnel} />}
        />
        <ChartPanel
          title={`${t('dashboard.funnel.title')} · ${name(r)}`}
          option={funnels[1] as never}
          table={<FunnelTable funnel={r.funnel} />}
        />
      </div>
    </div>
  );
}
