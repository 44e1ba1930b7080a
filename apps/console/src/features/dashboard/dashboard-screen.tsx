import { Input, Select } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/request';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel, StatePanel } from '../../shared/panel';
import { type LiveState, useLiveDashboard } from './live';
import { dt } from './messages';
import { channelsOption, funnelOption, hoursOption } from './options';
import { BudgetPanel, CampaignsPanel, ChartPanel, Kpis, PrizesPanel } from './panels';
import { ChannelTable, FunnelTable, SeriesTable } from './tables';
import './dashboard.css';

function LiveBadge({ state, asOf }: { state: LiveState; asOf: number | undefined }) {
  return (
    <span className={`dash-live dash-live--${state}`} role="status" data-testid="live-state" data-state={state}>
      <span className="dash-live__dot" aria-hidden="true" />
      {dt(state === 'live' ? 'live' : state === 'connecting' ? 'connecting' : 'offline')}
      {asOf ? <span>{dt('updated', { time: formatTime(asOf, true).slice(11) })}</span> : null}
    </span>
  );
}

/** 数据看板: a campaign's (or the corp's) live numbers; `?actId=` picks the campaign, so a link can be shared. */
export function DashboardScreen() {
  const [params, setParams] = useSearchParams();
  const actId = params.get('actId') || undefined;
  const { dashboard, state } = useLiveDashboard(actId);
  const d = dashboard.data;
  const choose = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('actId', id);
    else next.delete('actId');
    setParams(next);
  };
  const options = useMemo(
    () => (d ? { hours: hoursOption(d), funnel: funnelOption(d), channels: channelsOption(d) } : null),
    [d],
  );
  const notFound = dashboard.error instanceof ApiError && dashboard.error.status === 200;
  return (
    <div className="console-page">
      <PageHead
        title={dt('title')}
        subtitle={actId ? `${d?.title ?? ''} ${dt('subtitleAct', { id: actId })}` : dt('subtitleCorp')}
        extra={
          <div className="dash-head">
            <LiveBadge state={state} asOf={d?.asOf} />
            <Select
              aria-label={dt('scope')}
              style={{ width: 220 }}
              value={actId ?? ''}
              onChange={(v) => choose(v || undefined)}
              options={[
                { value: '', label: dt('scopeAll') },
                ...(actId && !d?.campaigns.some((c) => c.actId === actId) ? [{ value: actId, label: actId }] : []),
                ...(d?.campaigns ?? []).map((c) => ({ value: c.actId, label: c.actId })),
              ]}
            />
            <Input.Search
              aria-label={dt('scopeInput')}
              placeholder={dt('scopeInput')}
              style={{ width: 200 }}
              allowClear
              onSearch={(v) => choose(v.trim() || undefined)}
            />
          </div>
        }
      />
      {notFound ? (
        <StatePanel tone="warning" title={dt('notFound')} body={dashboard.error?.message} />
      ) : dashboard.error && !d ? (
        <LoadFailed error={dashboard.error} retry={dashboard.refetch} />
      ) : !d || !options ? (
        <Panel>
          <div className="dash-muted" role="status">
            {dt('connecting')}…
          </div>
        </Panel>
      ) : (
        <div className="dash-grid">
          <Kpis d={d} />
          {d.totals.draws + d.totals.pageViews === 0 ? <StatePanel tone="info" title={dt('empty')} /> : null}
          {actId ? (
            <div className="dash-grid dash-grid--2">
              <PrizesPanel d={d} />
              <BudgetPanel d={d} />
            </div>
          ) : (
            <CampaignsPanel d={d} open={(id) => choose(id)} />
          )}
          <div className="dash-grid dash-grid--half">
            <ChartPanel title={dt('funnel.title')} option={options.funnel} table={<FunnelTable funnel={d.funnel} />} />
            <ChartPanel
              title={dt('channels.title')}
              option={options.channels}
              table={<ChannelTable channels={d.channels} />}
            />
          </div>
          <ChartPanel
            title={dt('hours.title')}
            option={options.hours}
            table={<SeriesTable points={d.byHour} caption={dt('hours.title')} />}
          />
          <Panel title={dt('days.title')}>
            <SeriesTable points={d.byDay} day caption={dt('days.title')} />
          </Panel>
        </div>
      )}
    </div>
  );
}
