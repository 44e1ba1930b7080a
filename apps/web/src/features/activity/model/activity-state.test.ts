import { describe, expect, it } from 'vitest';
import { detailFixture } from '../api/fixtures';
import {
  type ActivityState,
  detailOf,
  detailOrNull,
  EMPTY_ACTIVITY_STATE,
  type GroupInfo,
  refreshOne,
  surplusOf,
  upsertByActId,
  winnersOf,
} from './activity-state';

const group: GroupInfo = {
  actGroupId: 'spring',
  ids: ['a', 'b'],
  showActIds: ['a', 'b'],
  surplusActIds: ['a'],
  winnerActIds: ['a'],
  rocc: 0,
};

describe('detailOrNull (spec §5)', () => {
  it('is the data only when returnCode is 0 and data is present', () => {
    const data = detailFixture('a');
    expect(detailOrNull({ returnCode: 0, message: null, data })).toBe(data);
    expect(detailOrNull({ returnCode: 1, message: 'no', data })).toBeNull();
    expect(detailOrNull({ returnCode: 0, message: null, data: null })).toBeNull();
    expect(detailOrNull(null)).toBeNull();
  });
});

describe('upsertByActId', () => {
  it('replaces the entry with the same id in place, or appends', () => {
    const list = [
      { actId: 'a', v: 1 },
      { actId: 'b', v: 2 },
    ];
    expect(upsertByActId(list, { actId: 'a', v: 9 })).toEqual([
      { actId: 'a', v: 9 },
      { actId: 'b', v: 2 },
    ]);
    expect(upsertByActId(list, { actId: 'c', v: 3 }).map((x) => x.actId)).toEqual(['a', 'b', 'c']);
    expect(list[0]?.v).toBe(1);
  });
});

describe('refreshOne (spec §4: a single id is refreshed only if it is in the group list)', () => {
  const base: ActivityState = {
    group,
    detailList: [{ actId: 'a', detail: detailFixture('a', { title: 'old' }) }],
    winnerLists: [{ actId: 'a', winnerList: [] }],
    surplusInfos: [{ actId: 'a', surplusInfo: null }],
  };

  it('replaces an id already in the lists', () => {
    const next = refreshOne(base, 'a', { detail: detailFixture('a', { title: 'new' }) });
    expect(next.detailList).toHaveLength(1);
    expect(detailOf(next, 'a')?.title).toBe('new');
  });

  it('appends an id of the group that has no entry yet', () => {
    const winners = [{ who: '138****0000', prizeName: 'x', at: 1 }];
    const next = refreshOne(base, 'b', { winnerList: winners, surplusInfo: null });
    expect(next.winnerLists.map((w) => w.actId)).toEqual(['a', 'b']);
    expect(winnersOf(next, 'b')).toEqual(winners);
    expect(next.surplusInfos.map((s) => s.actId)).toEqual(['a', 'b']);
  });

  it('ignores an id outside the group', () => {
    const next = refreshOne(base, 'zzz', { detail: detailFixture('zzz') });
    expect(next).toBe(base);
    expect(detailOf(next, 'zzz')).toBeNull();
  });

  it('allows the screen’s own id when there is no group', () => {
    const next = refreshOne(EMPTY_ACTIVITY_STATE, 'solo', { detail: detailFixture('solo'), surplusInfo: null });
    expect(detailOf(next, 'solo')?.actId).toBe('solo');
    expect(surplusOf(next, 'solo')).toBeNull();
  });

  it('stores failed loads as null / [] / null', () => {
    const next = refreshOne(base, 'a', { detail: null, winnerList: [], surplusInfo: null });
    expect(detailOf(next, 'a')).toBeNull();
    expect(winnersOf(next, 'a')).toEqual([]);
    expect(surplusOf(next, 'a')).toBeNull();
  });
});
