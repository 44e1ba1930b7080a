import type { Dashboard } from '@campaign/contract/client';
import { Empty, Progress, Segmented, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatTime, yuan } from '../../shared/format';
import { Panel } from '../../shared/panel';
import { Chart, type ChartOption } from './chart';
import { t } from './messages';

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
          aria-label={t('dashboard.viewLabel', {
            title: props.title,
            chart: t('dashboard.view.chart'),
            table: t('dashboard.view.table'),
          })}
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { label: t('dashboard.view.chart'), value: 'chart' },
            { label: t('dashboard.view.table'), value: 'table' },
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
  const n = d.totals;
  return (
    <section className="dash-kpis" aria-label={t('dashboard.title')}>
      <Kpi label={t('dashboard.kpi.pageViews')} value={num(n.pageViews)} testId="kpi-page-views" />
      <Kpi label={t('dashboard.kpi.visitors')} value={num(n.visitors)} />
      <Kpi label={t('dashboard.kpi.logins')} value={num(n.logins)} />
      <Kpi label={t('dashboard.kpi.draws')} value={num(n.draws)} testId="kpi-draws" />
      <Kpi label={t('dashboard.kpi.participants')} value={num(n.participants)} />
      <Kpi label={t('dashboard.kpi.wins')} value={num(n.wins)} testId="kpi-wins" />
      <Kpi
        label={t('dashboard.kpi.spent')}
        value={yuan(d.budget.spentCents)}
        note={d.budget.capCents !== null ? t('dashboard.kpi.ofCap', { cap: yuan(d.budget.capCents) }) : undefined}
      />
      <Kpi
        label={t('dashboard.kpi.errors')}
        value={pct(d.rates.errors)}
        note={`${t('dashboard.kpi.tooMany')} ${pct(d.rates.tooMany)} · ${t('dashboard.kpi.risk')} ${pct(d.rates.riskRefused)}`}
      />
    </section>
  );
}

type Prize = Dashboard['prizes'][number];
function runOut(p: Prize, endsAt: number | null) {
  if (p.initialStock === null) return <span>{t('dashboard.prizes.unlimited')}</span>;
  if (p.left === 0) return <Tag color="red">{t('dashboard.prizes.soldOut')}</Tag>;
  if (p.runsOutAt !== null) return <strong className="dash-runout">{formatTime(p.runsOutAt)}</strong>;
  return (
    <span className="dash-muted">
      {p.lastHour > 0 && endsAt ? t('dashboard.prizes.afterEnd') : t('dashboard.prizes.noPace')}
    </span>
  );
}

export function PrizesPanel({ d }: { d: Dashboard }) {
  return (
    <Panel title={t('dashboard.prizes.title')}>
      <Table<Prize>
        className="dash-prizes"
        size="small"
        rowKey="prizeId"
        pagination={false}
        locale={{ emptyText: <Empty description={t('dashboard.prizes.none')} /> }}
        dataSource={d.prizes}
        columns={[
          { title: t('dashboard.prizes.name'), dataIndex: 'name' },
          {
            title: t('dashboard.prizes.value'),
            dataIndex: 'valueCents',
            align: 'right',
            render: (c: number) => yuan(c),
          },
          {
            title: t('dashboard.prizes.initial'),
            dataIndex: 'initialStock',
            align: 'right',
            render: (v: number | null) => (v === null ? t('dashboard.prizes.unlimited') : num(v)),
          },
          {
            title: t('dashboard.prizes.left'),
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
                    aria-label={`${p.name} ${t('dashboard.prizes.left')}`}
                  />
                </div>
              ),
          },
          { title: t('dashboard.prizes.wins'), dataIndex: 'wins', align: 'right', render: num },
          { title: t('dashboard.prizes.lastHour'), dataIndex: 'lastHour', align: 'right', render: num },
          { title: t('dashboard.prizes.runsOut'), key: 'runsOut', render: (_: unknown, p) => runOut(p, d.endsAt) },
        ]}
      />
    </Panel>
  );
}

export function BudgetPanel({ d }: { d: Dashboard }) {
  const b = d.budget;
  const over = b.capCents !== null && b.forecastCents !== null && b.forecastCents >= b.capCents;
  return (
    <Panel title={t('dashboard.budget.title')}>
      <dl className="dash-budget">
        <dt>{t('dashboard.budget.spent')}</dt>
        <dd data-testid="budget-spent">{yuan(b.spentCents)}</dd>
        <dt>{t('dashboard.budget.cap')}</dt>
        <dd>{b.capCents === null ? '—' : yuan(b.capCents)}</dd>
        <dt>{t('dashboard.budget.lastHour')}</dt>
        <dd>{yuan(b.lastHourCents)}</dd>
        <dt>{t('dashboard.budget.forecast')}</dt>
        <dd>
          {b.forecastCents === null ? t('dashboard.budget.noEnd') : yuan(b.forecastCents)}{' '}
          {over ? <Tag color="red">{t('dashboard.budget.overCap')}</Tag> : null}
        </dd>
      </dl>
      {b.capCents ? (
        <Progress
          percent={Math.min(100, Math.round((b.spentCents / b.capCents) * 100))}
          aria-label={`${t('dashboard.budget.spent')} / ${t('dashboard.budget.cap')}`}
        />
      ) : null}
    </Panel>
  );
}

type CampaignRow = Dashboard['campaigns'][number];
export function CampaignsPanel({ d, open }: { d: Dashboard; open: (actId: string) => void }) {
  return (
    <Panel title={t('dashboard.campaigns.title')}>
      <Table<CampaignRow>
        size="small"
        rowKey="actId"
        pagination={d.campaigns.length > 10 ? { pageSize: 10 } : false}
        dataSource={d.campaigns}
        locale={{ emptyText: <Empty description={t('dashboard.empty')} /> }}
        columns={[
          { title: t('dashboard.campaigns.act'), dataIndex: 'actId' },
          { title: t('dashboard.col.draws'), dataIndex: 'draws', align: 'right', render: num },
          { title: t('dashboard.col.wins'), dataIndex: 'wins', align: 'right', render: num },
          { title: t('dashboard.col.spent'), dataIndex: 'spentCents', align: 'right', render: (c: number) => yuan(c) },
          {
            title: '',
            key: 'open',
            render: (_: unknown, r) => (
              <button type="button" className="dash-link" onClick={() => open(r.actId)}>
                {t('dashboard.campaigns.open')} {r.actId}
              </button>
            ),
          },
        ]}
      />
    </Panel>
  );
}
