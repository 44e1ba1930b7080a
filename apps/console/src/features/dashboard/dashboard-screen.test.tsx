import type { Dashboard } from '@campaign/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { DashboardScreen } from './dashboard-screen';

// jsdom draws no canvas: the chart is a labelled box here (its numbers are in the tables beside it).
vi.mock('./chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

/** The stream never opens in these tests: the dashboard is what the request layer reads. */
class QuietEventSource {
  static CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

beforeEach(() => vi.stubGlobal('EventSource', QuietEventSource));
afterEach(() => vi.unstubAllGlobals());

describe('DashboardScreen', () => {
  it('says it is connecting while the first numbers come', () => {
    stubFetch({});
    renderAt(<DashboardScreen />, '/dashboard');
    expect(screen.getByRole('heading', { name: '数据看板' })).toBeTruthy();
    expect(screen.getByTestId('live-state').dataset.state).toBe('connecting');
  });

  it('shows a failed read with a retry', async () => {
    stubFetch({ '/console/stats/dashboard': () => broken() });
    renderAt(<DashboardScreen />, '/dashboard');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubFetch({ '/console/stats/dashboard': () => forbidden('您的岗位无权查看数据看板') });
    renderAt(<DashboardScreen />, '/dashboard');
    expect(await screen.findByText('您的岗位无权查看数据看板')).toBeTruthy();
  });

  it('says so when the campaign in the URL does not exist', async () => {
    stubFetch({ '/console/stats/dashboard': () => envelope('活动不存在', 40401) });
    renderAt(<DashboardScreen />, '/dashboard?actId=act-none');
    expect(await screen.findByText('找不到这个活动')).toBeTruthy();
    expect(screen.getByText('活动不存在')).toBeTruthy();
    // One message: no connection badge (连接中 / 已断开) beside it.
    expect(screen.queryByTestId('live-state')).toBeNull();
    expect(screen.queryByText(/已断开/)).toBeNull();
  });

  it('says there is nothing yet when nothing was counted', async () => {
    stubFetch({ '/console/stats/dashboard': () => envelope(dashboard({})), '/console/campaigns': () => campaigns() });
    renderAt(<DashboardScreen />, '/dashboard');
    expect(
      (await screen.findAllByText('暂无数据：活动开始后，抽奖与浏览会在 2 秒内出现在这里。')).length,
    ).toBeGreaterThan(0);
  });

  it('picks a campaign by its name, never its id', async () => {
    stubFetch({ '/console/stats/dashboard': () => envelope(dashboard({})), '/console/campaigns': () => campaigns() });
    const { router } = renderAt(<DashboardScreen />, '/dashboard');
    const pick = await screen.findByTestId('dash-pick');
    fireEvent.mouseDown(within(pick).getByRole('combobox'));
    fireEvent.click(await screen.findByText('春节大转盘'));
    await waitFor(() => expect(router.state.location.search).toBe('?actId=spring'));
    // The picker shows the chosen campaign by its name.
    await waitFor(() => expect(screen.getByTestId('dash-pick').textContent).toContain('春节大转盘'));
  });

  it('reads some days only, without the live stream', async () => {
    const fetch = stubFetch({
      '/console/stats/dashboard': () => envelope(dashboard({ range: { from: '2026-11-01', to: '2026-11-30' } })),
      '/console/campaigns': () => campaigns(),
    });
    renderAt(<DashboardScreen />, '/dashboard?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('按日期查看时不分渠道统计，清空日期范围可看渠道分布。')).toBeTruthy();
    expect(screen.getByTestId('live-state').dataset.state).toBe('static');
    const asked = fetch.mock.calls.map((c) => new URL(String(c[0]), 'http://x'));
    const read = asked.find((u) => u.pathname.endsWith('/console/stats/dashboard'));
    expect(Object.fromEntries(read?.searchParams ?? [])).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('shows two campaigns side by side', async () => {
    stubFetch({
      '/console/stats/dashboard': (url) =>
        envelope(
          url.searchParams.get('actId') === 'spring'
            ? dashboard({ actId: 'spring', title: '春节大转盘', draws: 10, wins: 4 })
            : dashboard({ actId: 'double12', title: '双十二刮刮卡', draws: 20, wins: 5 }),
        ),
      '/console/campaigns': () => campaigns(),
    });
    renderAt(<DashboardScreen />, '/dashboard?actId=spring&vs=double12');
    const view = await screen.findByTestId('dash-compare');
    expect(within(view).getAllByText('春节大转盘').length).toBeGreaterThan(0);
    expect(within(view).getAllByText('双十二刮刮卡').length).toBeGreaterThan(0);
    expect(within(view).getByText('40.0%')).toBeTruthy();
    expect(within(view).getByText('25.0%')).toBeTruthy();
  });
});

function campaigns() {
  const row = (id: string, title: string) => ({
    id,
    title,
    kind: 'wheel',
    state: 'live',
    revisionState: null,
    startsAt: 0,
    endsAt: 1,
    version: 1,
    updatedAt: 0,
    updatedBy: { id: 'op', name: '运营' },
    halted: false,
  });
  return envelope({
    items: [row('spring', '春节大转盘'), row('double12', '双十二刮刮卡')],
    total: 2,
    page: 1,
    pageSize: 30,
  });
}

function dashboard(o: {
  actId?: string;
  title?: string;
  draws?: number;
  wins?: number;
  range?: Dashboard['range'];
}): Dashboard {
  const draws = o.draws ?? 0;
  const wins = o.wins ?? 0;
  return {
    actId: o.actId ?? null,
    title: o.title ?? null,
    startsAt: null,
    endsAt: null,
    asOf: 1_795_000_000_000,
    range: o.range ?? null,
    totals: {
      pageViews: draws,
      visitors: 0,
      logins: 0,
      draws,
      participants: 0,
      wins,
      claimed: 0,
      redeemed: 0,
      shipped: 0,
      delivered: 0,
      requests: 0,
      errors: 0,
      tooMany: 0,
      riskRefused: 0,
    },
    rates: { errors: 0, tooMany: 0, riskRefused: 0 },
    prizes: [],
    budget: { spentCents: 0, capCents: null, lastHourCents: 0, forecastCents: null },
    funnel: (['pv', 'login', 'first', 'win', 'claim', 'done'] as const).map((step) => ({ step, n: 0 })),
    channels: [],
    byHour: [],
    byDay: [],
    campaigns: [],
  };
}
