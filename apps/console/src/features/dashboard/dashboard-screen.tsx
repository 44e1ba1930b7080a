import type { Dashboard } from '@campaign/contract/client';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/request';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel, StatePanel } from '../../shared/panel';
import type { ChartOption } from './chart';
import { CompareView } from './compare';
import { type LiveState, useLiveDashboard } from './live';
import { t } from './messages';
import { channelsOption, funnelOption, hoursOption } from './options';
import { BudgetPanel, CampaignsPanel, ChartPanel, Kpis, PrizesPanel } from './panels';
import { CampaignPicker, DayRange } from './picker';
import { st } from './scope-messages';
import { ChannelTable, FunnelTable, SeriesTable } from './tables';
import './dashboard.css';

function LiveBadge({ state, asOf }: { state: LiveState; asOf: number | undefined }) {
  return (
    <span className={`dash-live dash-live--${state}`} role="status" data-testid="live-state" data-state={state}>
      <span className="dash-live__dot" aria-hidden="true" />
      {state === 'static'
        ? st('dashboard.static')
        : t(`dashboard.${state === 'live' ? 'live' : state === 'connecting' ? 'connecting' : 'offline'}`)}
      {asOf ? <span>{t('dashboard.updated', { time: formatTime(asOf, true).slice(11) })}</span> : null}
    </span>
  );
}

/** The URL's view: a campaign (`actId`), a second one to compare (`vs`), days (`from`, `to`). */
function useScope() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) || undefined;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  return { actId: get('actId'), vs: get('vs'), from: get('from'), to: get('to'), set };
}

/**
 * 数据看板: a campaign's (or the corp's) live numbers; the campaign is picked by name, the days with a range
 * picker, and a second campaign shows both side by side. All of it lives in the URL, so a link can be shared.
 */
export function DashboardScreen() {
  const scope = useScope();
  const { actId, vs } = scope;
  const range = { from: scope.from, to: scope.to };
  const { dashboard, state } = useLiveDashboard(actId, range);
  const d = dashboard.data;
  const choose = (id: string | undefined) => scope.set({ actId: id, ...(id ? {} : { vs: undefined }) });
  const options = useMemo(
    () => (d ? { hours: hoursOption(d), funnel: funnelOption(d), channels: channelsOption(d) } : null),
    [d],
  );
  const notFound = dashboard.error instanceof ApiError && dashboard.error.status === 200;
  const comparing = actId && vs && !notFound;
  return (
    <div className="console-page">
      <PageHead
        title={t('dashboard.title')}
        subtitle={actId ? (d?.title ?? '') : t('dashboard.subtitleCorp')}
        extra={<ScopePicker scope={scope} d={d} state={state} notFound={notFound} />}
      />
      {notFound ? (
        // One message: the campaign is not there (no "disconnected" beside it).
        <StatePanel tone="warning" title={t('dashboard.notFound')} body={dashboard.error?.message} />
      ) : comparing ? (
        <CompareView a={actId} b={vs} range={range} />
      ) : dashboard.error && !d ? (
        <LoadFailed error={dashboard.error} retry={dashboard.refetch} />
      ) : !d || !options ? (
        <Panel>
          <div className="dash-muted" role="status">
            {t('dashboard.connecting')}…
          </div>
        </Panel>
      ) : (
        <DashboardGrid d={d} options={options} actId={actId} choose={choose} />
      )}
    </div>
  );
}

type Options = { hours: ChartOption; funnel: ChartOption; channels: ChartOption };

function ScopePicker(props: {
  scope: ReturnType<typeof useScope>;
  d: Dashboard | undefined;
  state: LiveState;
  notFound: boolean;
}) {
  const { scope, d, notFound } = props;
  const known = d?.actId ? { id: d.actId, title: d.title } : undefined;
  return (
    <div className="dash-head">
      {notFound ? null : <LiveBadge state={props.state} asOf={d?.asOf} />}
      <CampaignPicker
        testId="dash-pick"
        label={st('dashboard.pick')}
        placeholder={t('dashboard.scopeAll')}
        value={scope.actId}
        known={known}
        onChange={(id) => scope.set({ actId: id, ...(id ? {} : { vs: undefined }) })}
      />
      {scope.actId && !notFound ? (
        scope.vs !== undefined ? (
          <>
            <CampaignPicker
              testId="dash-vs"
              label={st('dashboard.compareWith')}
              placeholder={st('dashboard.compareWith')}
              value={scope.vs}
              onChange={(id) => scope.set({ vs: id })}
              allowClear={false}
            />
            <Button onClick={() => scope.set({ vs: undefined })}>{st('dashboard.compareOff')}</Button>
          </>
        ) : (
          <CampaignPicker
            testId="dash-vs"
            label={st('dashboard.compareWith')}
            placeholder={st('dashboard.compareWith')}
            value={undefined}
            onChange={(id) => scope.set({ vs: id })}
          />
        )
      ) : null}
      <DayRange from={scope.from} to={scope.to} onChange={(from, to) => scope.set({ from, to })} />
    </div>
  );
}

function DashboardGrid(props: {
  d: Dashboard;
  options: Options;
  actId: string | undefined;
  choose: (id: string | undefined) => void;
}) {
  const { d, options, actId, choose } = props;
  return (
    <div className="dash-grid">
      <Kpis d={d} />
      {d.totals.draws + d.totals.pageViews === 0 ? <StatePanel tone="info" title={t('dashboard.empty')} /> : null}
      {actId ? (
        <div className="dash-grid dash-grid--2">
          <PrizesPanel d={d} />
          <BudgetPanel d={d} />
        </div>
      ) : (
        <CampaignsPanel d={d} open={(id) => choose(id)} />
      )}
      <div className="dash-grid dash-grid--half">
        <ChartPanel
          title={t('dashboard.funnel.title')}
          option={options.funnel}
          table={<FunnelTable funnel={d.funnel} />}
        />
        {d.range ? (
          <Panel title={t('dashboard.channels.title')}>
            <div className="dash-muted">{st('dashboard.noChannels')}</div>
          </Panel>
        ) : (
          <ChartPanel
            title={t('dashboard.channels.title')}
            option={options.channels}
            table={<ChannelTable channels={d.channels} />}
          />
        )}
      </div>
      <ChartPanel
        title={t('dashboard.hours.title')}
        option={options.hours}
        table={<SeriesTable points={d.byHour} caption={t('dashboard.hours.title')} />}
      />
      <Panel title={t('dashboard.days.title')}>
        <SeriesTable points={d.byDay} day caption={t('dashboard.days.title')} />
      </Panel>
    </div>
  );
}
