import type { Dashboard } from '@campaign/contract/client';
import { Empty, Progress, Segmented, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatTime, yuan } from '../../shared/format';
import { Panel } from '../../shared/panel';
import { Chart, type ChartOption } from './chart';
import { dt } from './messages';

const num = (n: number) => n.toLocaleString('zh-CN');
const pct = (r: number) => `${(r * 100).toFixed(2)}%`;

/** A chart panel: the chart, or its table; the table is always there for screen readers. */
export function ChartPanel(props: { title: string; option: ChartOption; table: ReactNode; height?: number }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Panel
      title={props.title}
      extra={
        <Segmented
          size="small"
          aria-label={`${props.title}：${dt('view.chart')} / ${dt('view.table')}`}
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { label: dt('view.chart'), value: 'chart' },
            { label: dt('view.table'), value: 'table' },
          ]}
        />
      }
    >
      {view === 'chart' ? <Chart option={props.option} height={props.height} label={props.title} /> : null}
      <div className={view === 'chart' ? 'dash-sr-only' : undefined}>{props.table}</div>
    </Panel>
  );
}

function Kpi({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <div className="dash-kpi">
      <div className="dash-kpi__label">{label}</div>
      <div className="dash-kpi__value" data-testid={testId}>
        {value}
      </div>
      {note ? <div className="dash-kpi__note">{note}</div> : null}
    </div>
  );
}

export function Kpis({ d }: { d: Dashboard }) {
  const t = d.totals;
  return (
    <section className="dash-kpis" aria-label={dt('title')}>
      <Kpi label={dt('kpi.pageViews')} value={num(t.pageViews)} testId="kpi-page-views" />
      <Kpi label={dt('kpi.visitors')} value={num(t.visitors)} />
      <Kpi label={dt('kpi.logins')} value={num(t.logins)} />
      <Kpi label={dt('kpi.draws')} value={num(t.draws)} testId="kpi-draws" />
      <Kpi label={dt('kpi.participants')} value={num(t.participants)} />
      <Kpi label={dt('kpi.wins')} value={num(t.wins)} testId="kpi-wins" />
      <Kpi
        label={dt('kpi.spent')}
        value={yuan(d.budget.spentCents)}
        note={d.budget.capCents !== null ? dt('kpi.ofCap', { cap: yuan(d.budget.capCents) }) : undefined}
      />
      <Kpi
        label={dt('kpi.errors')}
        value={pct(d.rates.errors)}
        note={`${dt('kpi.tooMany')} ${pct(d.rates.tooMany)} · ${dt('kpi.risk')} ${pct(d.rates.riskRefused)}`}
      />
    </section>
  );
}

type Prize = Dashboard['prizes'][number];
function runOut(p: Prize, endsAt: number | null) {
  if (p.initialStock === null) return <span>{dt('prizes.unlimited')}</span>;
  if (p.left === 0) return <Tag color="red">{dt('prizes.soldOut')}</Tag>;
  if (p.runsOutAt !== null) return <strong className="dash-runout">{formatTime(p.runsOutAt)}</strong>;
  return <span className="dash-muted">{p.lastHour > 0 && endsAt ? dt('prizes.afterEnd') : dt('prizes.noPace')}</span>;
}

export function PrizesPanel({ d }: { d: Dashboard }) {
  return (
    <Panel title={dt('prizes.title')}>
      <Table<Prize>
        className="dash-prizes"
        size="small"
        rowKey="prizeId"
        pagination={false}
        locale={{ emptyText: <Empty description={dt('prizes.none')} /> }}
        dataSource={d.prizes}
        columns={[
          { title: dt('prizes.name'), dataIndex: 'name' },
          { title: dt('prizes.value'), dataIndex: 'valueCents', align: 'right', render: (c: number) => yuan(c) },
          {
            title: dt('prizes.initial'),
            dataIndex: 'initialStock',
            align: 'right',
            render: (v: number | null) => (v === null ? dt('prizes.unlimited') : num(v)),
          },
          {
            title: dt('prizes.left'),
            key: 'left',
            width: 150,
            render: (_: unknown, p) =>
              p.left === null || p.initialStock === null ? (
                '—'
              ) : (
                <div className="dash-left">
                  <span data-testid={`stock-left-${p.prizeId}`}>{num(p.left)}</span>
                  <Progress
                    percent={p.initialStock > 0 ? Math.round((p.left / p.initialStock) * 100) : 0}
                    size="small"
                    showInfo={false}
                    status={p.initialStock > 0 && p.left / p.initialStock < 0.05 ? 'exception' : 'normal'}
                    aria-label={`${p.name} ${dt('prizes.left')}`}
                  />
                </div>
              ),
          },
          { title: dt('prizes.wins'), dataIndex: 'wins', align: 'right', render: num },
          { title: dt('prizes.lastHour'), dataIndex: 'lastHour', align: 'right', render: num },
          { title: dt('prizes.runsOut'), key: 'runsOut', render: (_: unknown, p) => runOut(p, d.endsAt) },
        ]}
      />
    </Panel>
  );
}

export function BudgetPanel({ d }: { d: Dashboard }) {
  const b = d.budget;
  const over = b.capCents !== null && b.forecastCents !== null && b.forecastCents >= b.capCents;
  return (
    <Panel title={dt('budget.title')}>
      <dl className="dash-budget">
        <dt>{dt('budget.spent')}</dt>
        <dd data-testid="budget-spent">{yuan(b.spentCents)}</dd>
        <dt>{dt('budget.cap')}</dt>
        <dd>{b.capCents === null ? '—' : yuan(b.capCents)}</dd>
        <dt>{dt('budget.lastHour')}</dt>
        <dd>{yuan(b.lastHourCents)}</dd>
        <dt>{dt('budget.forecast')}</dt>
        <dd>
          {b.forecastCents === null ? dt('budget.noEnd') : yuan(b.forecastCents)}{' '}
          {over ? <Tag color="red">{dt('budget.overCap')}</Tag> : null}
        </dd>
      </dl>
      {b.capCents ? (
        <Progress
          percent={Math.min(100, Math.round((b.spentCents / b.capCents) * 100))}
          aria-label={`${dt('budget.spent')} / ${dt('budget.cap')}`}
        />
      ) : null}
    </Panel>
  );
}

type CampaignRow = Dashboard['campaigns'][number];
export function CampaignsPanel({ d, open }: { d: Dashboard; open: (actId: string) => void }) {
  return (
    <Panel title={dt('campaigns.title')}>
      <Table<CampaignRow>
        size="small"
        rowKey="actId"
        pagination={d.campaigns.length > 10 ? { pageSize: 10 } : false}
        dataSource={d.campaigns}
        locale={{ emptyText: <Empty description={dt('empty')} /> }}
        columns={[
          { title: dt('campaigns.act'), dataIndex: 'actId' },
          { title: dt('col.draws'), dataIndex: 'draws', align: 'right', render: num },
          { title: dt('col.wins'), dataIndex: 'wins', align: 'right', render: num },
          { title: dt('col.spent'), dataIndex: 'spentCents', align: 'right', render: (c: number) => yuan(c) },
          {
            title: '',
            key: 'open',
            render: (_: unknown, r) => (
              <button type="button" className="dash-link" onClick={() => open(r.actId)}>
                {dt('campaigns.open')} {r.actId}
              </button>
            ),
          },
        ]}
      />
    </Panel>
  );
}
