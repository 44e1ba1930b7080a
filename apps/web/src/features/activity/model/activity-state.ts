import type { ActivityDetail, DataOf, Endpoints } from '@campaign/contract';
import { create } from 'zustand';

export type SurplusInfo = NonNullable<DataOf<Endpoints['activitySurplus']>['surplusInfo']>;
export type RecentWinner = DataOf<Endpoints['recentWinners']>['winnerList'][number];
export type DetailResult = DataOf<Endpoints['activityDetail']>;

/** spec §3: per activity the client keeps its winner list, its surplus info and its detail. */
export interface WinnerEntry {
  actId: string;
  winnerList: RecentWinner[];
}
export interface SurplusEntry {
  actId: string;
  surplusInfo: SurplusInfo | null;
}
export interface DetailEntry {
  actId: string;
  detail: ActivityDetail | null;
}

export interface GroupInfo {
  actGroupId: string;
  /** Every id the group names (shown ∪ related ∪ surplus ∪ winner ids): the ids a single refresh may touch. */
  ids: string[];
  showActIds: string[];
  surplusActIds: string[];
  winnerActIds: string[];
  /** spec §3: the rocc switch, default 0; 1 = draws go through the risk-checked path. */
  rocc: number;
}

export interface ActivityState {
  group: GroupInfo | null;
  detailList: DetailEntry[];
  winnerLists: WinnerEntry[];
  surplusInfos: SurplusEntry[];
}

export const EMPTY_ACTIVITY_STATE: ActivityState = { group: null, detailList: [], winnerLists: [], surplusInfos: [] };

/** spec §5: an activity detail is successful only when returnCode is 0 and data is present. */
export function detailOrNull(result: DetailResult | null | undefined): ActivityDetail | null {
  if (!result || result.returnCode !== 0 || !result.data) return null;
  return result.data;
}

/** Replaces the entry with the same actId, or appends it. */
export function upsertByActId<T extends { actId: string }>(list: readonly T[], entry: T): T[] {
  const at = list.findIndex((item) => item.actId === entry.actId);
  if (at === -1) return [...list, entry];
  const next = list.slice();
  next[at] = entry;
  return next;
}

/**
 * spec §4: a single id is refreshed only if it is already in the group's id list (then its entry is
 * replaced or appended). Without a group (a stand-alone activity) the screen's own id is allowed.
 */
export function mayRefresh(state: Pick<ActivityState, 'group'>, actId: string): boolean {
  return state.group === null || state.group.ids.includes(actId);
}

export type SlicePatch = Partial<{
  detail: ActivityDetail | null;
  winnerList: RecentWinner[];
  surplusInfo: SurplusInfo | null;
}>;

/** Applies one id's fresh data under the refresh rule; returns the state unchanged when the id is outside the group. */
export function refreshOne(state: ActivityState, actId: string, patch: SlicePatch): ActivityState {
  if (!mayRefresh(state, actId)) return state;
  let next = state;
  if ('detail' in patch)
    next = { ...next, detailList: upsertByActId(next.detailList, { actId, detail: patch.detail ?? null }) };
  if ('winnerList' in patch) {
    next = { ...next, winnerLists: upsertByActId(next.winnerLists, { actId, winnerList: patch.winnerList ?? [] }) };
  }
  if ('surplusInfo' in patch) {
    next = {
      ...next,
      surplusInfos: upsertByActId(next.surplusInfos, { actId, surplusInfo: patch.surplusInfo ?? null }),
    };
  }
  return next;
}

/** The group flow's result replaces the whole per-activity state: lists in the group's id order. */
export function applyGroup(
  group: GroupInfo,
  details: DetailEntry[],
  winners: WinnerEntry[],
  surplus: SurplusEntry[],
): ActivityState {
  return { group, detailList: details, winnerLists: winners, surplusInfos: surplus };
}

export function detailOf(state: ActivityState, actId: string): ActivityDetail | null {
  return state.detailList.find((d) => d.actId === actId)?.detail ?? null;
}
export function winnersOf(state: ActivityState, actId: string): RecentWinner[] {
  return state.winnerLists.find((w) => w.actId === actId)?.winnerList ?? [];
}
export function surplusOf(state: ActivityState, actId: string): SurplusInfo | null {
  return state.surplusInfos.find((s) => s.actId === actId)?.surplusInfo ?? null;
}

interface ActivityStore extends ActivityState {
  set(next: ActivityState): void;
  update(fn: (state: ActivityState) => ActivityState): void;
}

function pick(s: ActivityState): ActivityState {
  return { group: s.group, detailList: s.detailList, winnerLists: s.winnerLists, surplusInfos: s.surplusInfos };
}

/** The one per-activity store the game screens share (spec §3). */
export const useActivityStore = create<ActivityStore>()((setState, getState) => ({
  ...EMPTY_ACTIVITY_STATE,
  set: (next) => setState(pick(next)),
  update: (fn) => setState(pick(fn(pick(getState())))),
}));
