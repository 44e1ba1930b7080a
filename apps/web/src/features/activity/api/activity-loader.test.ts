import { describe, expect, it, vi } from 'vitest';
import { type ActivityState, detailOf, surplusOf, winnersOf } from '../model/activity-state';
import { loadGroup, refreshActivity } from './activity-loader';
import { detailFixture } from './fixtures';
import { businessFailure, fakeCall, networkFailure } from './test-fakes';

const GROUP = {
  actGroupId: 'spring',
  showActIds: ['wheel', 'grid'],
  relatedActIds: ['wheel', 'grid', 'common'],
  surplusActIds: ['wheel', 'grid'],
  winnerActIds: ['wheel'],
  rocc: 1,
};

const surplus = (left: number) => ({ chancesLeft: left, chancesLeftToday: left, drawsMade: 0, prizes: [] });

function queryActId(args: { query?: unknown }): string {
  const q = args.query;
  if (typeof q === 'object' && q !== null && 'actId' in q && typeof q.actId === 'string') return q.actId;
  throw new Error('no actId');
}

describe('group flow (spec §4)', () => {
  it('fetches detail for every id, winners and surplus for their lists, and sets the rocc switch', async () => {
    const { call, calls } = fakeCall((path, args) => {
      if (path.endsWith('/activity/group')) return GROUP;
      const actId = queryActId(args);
      if (path.endsWith('/activity/detail')) return { returnCode: 0, message: null, data: detailFixture(actId) };
      if (path.endsWith('/winners/recent'))
        return { actId, winnerList: [{ who: '138****1234', prizeName: 'p', at: 1 }] };
      if (path.endsWith('/activity/surplus')) return { actId, surplusInfo: surplus(3) };
      throw new Error(`unexpected ${path}`);
    });
    const state = await loadGroup({ call, log: () => {} }, 'spring');
    if (!state) throw new Error('group not loaded');
    expect(state.group?.rocc).toBe(1);
    expect(state.group?.ids).toEqual(['wheel', 'grid', 'common']);
    expect(state.detailList.map((d) => d.actId)).toEqual(['wheel', 'grid', 'common']);
    expect(state.winnerLists.map((d) => d.actId)).toEqual(['wheel']);
    expect(state.surplusInfos.map((d) => d.actId)).toEqual(['wheel', 'grid']);
    const detailCalls = calls.filter((c) => c.path.endsWith('/activity/detail'));
    expect(detailCalls).toHaveLength(3);
    // Every load is quiet: failures are logged, never toasted.
    expect(calls.every((c) => c.args.quiet === true)).toBe(true);
  });

  it('turns failed loads into null / [] / null and only logs them', async () => {
    const log = vi.fn();
    const { call } = fakeCall((path, args) => {
      if (path.endsWith('/activity/group')) return GROUP;
      const actId = queryActId(args);
      if (path.endsWith('/activity/detail')) {
        if (actId === 'grid') return { returnCode: 5, message: 'offline', data: detailFixture(actId) };
        if (actId === 'common') throw networkFailure();
        return { returnCode: 0, message: null, data: detailFixture(actId) };
      }
      if (path.endsWith('/winners/recent')) throw businessFailure(500);
      if (path.endsWith('/activity/surplus')) {
        if (actId === 'grid') throw networkFailure();
        return { actId, surplusInfo: surplus(1) };
      }
      throw new Error(`unexpected ${path}`);
    });
    const state = await loadGroup({ call, log }, 'spring');
    if (!state) throw new Error('group not loaded');
    expect(detailOf(state, 'wheel')?.actId).toBe('wheel');
    expect(detailOf(state, 'grid')).toBeNull(); // returnCode ≠ 0 counts as failed
    expect(detailOf(state, 'common')).toBeNull();
    expect(winnersOf(state, 'wheel')).toEqual([]);
    expect(surplusOf(state, 'grid')).toBeNull();
    expect(surplusOf(state, 'wheel')?.chancesLeft).toBe(1);
    // The returnCode≠0 detail is not an exception, so 3 logged failures: common detail, wheel winners, grid surplus.
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('returns null when the group itself cannot be read', async () => {
    const log = vi.fn();
    const { call } = fakeCall(() => {
      throw networkFailure();
    });
    expect(await loadGroup({ call, log }, 'spring')).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('refreshActivity', () => {
  it('refreshes an id of the group (replacing its entry) and ignores one outside it', async () => {
    const { call } = fakeCall((path, args) => {
      const actId = queryActId(args);
      if (path.endsWith('/activity/surplus')) return { actId, surplusInfo: surplus(0) };
      throw new Error(`unexpected ${path}`);
    });
    let state: ActivityState = {
      group: {
        actGroupId: 's',
        ids: ['wheel'],
        showActIds: ['wheel'],
        surplusActIds: ['wheel'],
        winnerActIds: [],
        rocc: 0,
      },
      detailList: [],
      winnerLists: [],
      surplusInfos: [{ actId: 'wheel', surplusInfo: surplus(3) }],
    };
    const update = (fn: (s: ActivityState) => ActivityState) => {
      state = fn(state);
    };
    await refreshActivity({ call, log: () => {} }, 'wheel', { surplus: true }, update);
    expect(state.surplusInfos).toEqual([{ actId: 'wheel', surplusInfo: surplus(0) }]);
    await refreshActivity({ call, log: () => {} }, 'stranger', { surplus: true }, update);
    expect(state.surplusInfos.map((s) => s.actId)).toEqual(['wheel']);
  });
});
