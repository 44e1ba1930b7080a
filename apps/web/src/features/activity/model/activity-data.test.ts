import { describe, expect, it } from 'vitest';
import { detailFixture } from '../api/fixtures';
import { detailOrNull, groupInfo, mergeWinners } from './activity-data';

describe('detailOrNull (spec §5)', () => {
  it('is the data only when returnCode is 0 and data is present', () => {
    const data = detailFixture('a');
    expect(detailOrNull({ returnCode: 0, message: null, data })).toBe(data);
    expect(detailOrNull({ returnCode: 1, message: 'no', data })).toBeNull();
    expect(detailOrNull({ returnCode: 0, message: null, data: null })).toBeNull();
    expect(detailOrNull(null)).toBeNull();
    expect(detailOrNull(undefined)).toBeNull();
  });
});

describe('groupInfo (spec §3–§4)', () => {
  it('names every id once, shown first, and defaults the rocc switch to 0', () => {
    const info = groupInfo({
      actGroupId: 'g',
      showActIds: ['a', 'b'],
      relatedActIds: ['c', 'a'],
      surplusActIds: ['b', 'd'],
      winnerActIds: ['e'],
      rocc: 1,
    });
    expect(info.ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(info.rocc).toBe(1);
    expect(info.surplusActIds).toEqual(['b', 'd']);
  });
});

describe('mergeWinners', () => {
  it('is one list, newest first', () => {
    const w = (who: string, at: number) => ({ who, prizeName: 'p', at });
    expect(mergeWinners([[w('a', 1), w('b', 5)], [w('c', 3)]]).map((x) => x.who)).toEqual(['b', 'c', 'a']);
  });
  it('never repeats a winner and prize to fill the ticker', () => {
    const w = (who: string, at: number) => ({ who, prizeName: 'p', at });
    expect(mergeWinners([[w('a', 1), w('a', 4), w('b', 2)], [w('a', 3)]]).map((x) => x.at)).toEqual([4, 2]);
  });
});
