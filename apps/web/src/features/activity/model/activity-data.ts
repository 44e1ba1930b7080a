import type { ActivityDetail, RouteData } from '@campaign/contract/client';

export type DetailResult = RouteData<'activityDetail'>;
export type SurplusInfo = NonNullable<RouteData<'activitySurplus'>['surplusInfo']>;
export type RecentWinner = RouteData<'recentWinners'>['winnerList'][number];

/** spec §3: an activity group, with every id it names (the ids its flow fetches data for). */
export interface GroupInfo {
  actGroupId: string;
  /** Every id the group names (shown ∪ related ∪ surplus ∪ winner ids), in that order, once each. */
  ids: string[];
  showActIds: string[];
  surplusActIds: string[];
  winnerActIds: string[];
  /** spec §3: the rocc switch, default 0; 1 = draws go through the risk-checked path. */
  rocc: number;
}

/** spec §5: an activity detail is successful only when returnCode is 0 and data is present. */
export function detailOrNull(result: DetailResult | null | undefined): ActivityDetail | null {
  if (!result || result.returnCode !== 0 || !result.data) return null;
  return result.data;
}

export function groupInfo(raw: RouteData<'activityGroupDetail'>): GroupInfo {
  return {
    actGroupId: raw.actGroupId,
    ids: [...new Set([...raw.showActIds, ...raw.relatedActIds, ...raw.surplusActIds, ...raw.winnerActIds])],
    showActIds: raw.showActIds,
    surplusActIds: raw.surplusActIds,
    winnerActIds: raw.winnerActIds,
    rocc: raw.rocc,
  };
}

/**
 * Winners of several activities as one list, newest first (a group's landing shows them together). The ticker
 * shows each masked winner and prize once (issue 21 §4): a repeated entry never fills the space.
 */
export function mergeWinners(lists: ReadonlyArray<readonly RecentWinner[]>): RecentWinner[] {
  return distinctWinners(lists.flat().sort((a, b) => b.at - a.at));
}

/** The first (newest) of each masked winner + prize. */
export function distinctWinners(list: readonly RecentWinner[]): RecentWinner[] {
  const seen = new Set<string>();
  return list.filter((w) => {
    const key = `${w.who}\u0000${w.prizeName}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
