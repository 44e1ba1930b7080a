import type { ActivityDetail } from '@campaign/contract';
import { endpoints } from '@campaign/contract';
import type { CallLoose } from '../../../api/request';
import {
  type ActivityState,
  applyGroup,
  type DetailEntry,
  detailOrNull,
  type GroupInfo,
  type RecentWinner,
  refreshOne,
  type SurplusEntry,
  type SurplusInfo,
  type WinnerEntry,
} from '../model/activity-state';

export interface LoaderDeps {
  call: CallLoose;
  /** spec §8: failed detail, winner and surplus loads are only logged. */
  log: (message: string, error: unknown) => void;
}

/** spec §8: a failed detail load yields null (and a detail with returnCode ≠ 0 or no data counts as failed). */
export async function loadDetail(deps: LoaderDeps, actId: string): Promise<ActivityDetail | null> {
  try {
    return detailOrNull(await deps.call(endpoints.activityDetail, { query: { actId }, quiet: true }));
  } catch (error) {
    deps.log(`[activity] detail ${actId} failed`, error);
    return null;
  }
}

/** spec §8: a failed winner load yields an empty list. */
export async function loadWinners(deps: LoaderDeps, actId: string): Promise<RecentWinner[]> {
  try {
    return (await deps.call(endpoints.recentWinners, { query: { actId }, quiet: true })).winnerList;
  } catch (error) {
    deps.log(`[activity] winners ${actId} failed`, error);
    return [];
  }
}

/** spec §8: a failed surplus load yields null. */
export async function loadSurplus(deps: LoaderDeps, actId: string): Promise<SurplusInfo | null> {
  try {
    return (await deps.call(endpoints.activitySurplus, { query: { actId }, quiet: true })).surplusInfo;
  } catch (error) {
    deps.log(`[activity] surplus ${actId} failed`, error);
    return null;
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * spec §4 group flow: read the group (which sets the rocc switch), then fetch detail, winners and
 * surplus for all of its ids. Returns null when the group itself cannot be read.
 */
export async function loadGroup(deps: LoaderDeps, actGroupId: string): Promise<ActivityState | null> {
  let raw: Awaited<ReturnType<typeof fetchGroup>>;
  try {
    raw = await fetchGroup(deps, actGroupId);
  } catch (error) {
    deps.log(`[activity] group ${actGroupId} failed`, error);
    return null;
  }
  const ids = unique([...raw.showActIds, ...raw.relatedActIds, ...raw.surplusActIds, ...raw.winnerActIds]);
  const group: GroupInfo = {
    actGroupId: raw.actGroupId,
    ids,
    showActIds: raw.showActIds,
    surplusActIds: raw.surplusActIds,
    winnerActIds: raw.winnerActIds,
    rocc: raw.rocc ?? 0,
  };
  const [details, winners, surplus] = await Promise.all([
    Promise.all(ids.map(async (actId): Promise<DetailEntry> => ({ actId, detail: await loadDetail(deps, actId) }))),
    Promise.all(
      group.winnerActIds.map(
        async (actId): Promise<WinnerEntry> => ({ actId, winnerList: await loadWinners(deps, actId) }),
      ),
    ),
    Promise.all(
      group.surplusActIds.map(
        async (actId): Promise<SurplusEntry> => ({ actId, surplusInfo: await loadSurplus(deps, actId) }),
      ),
    ),
  ]);
  return applyGroup(group, details, winners, surplus);
}

function fetchGroup(deps: LoaderDeps, actGroupId: string) {
  return deps.call(endpoints.activityGroupDetail, { query: { actGroupId }, quiet: true });
}

/**
 * Refreshes one id (after a draw, or on entering its screen): fetches what is asked and applies it
 * only if the id is in the group's list (spec §4). `state` is read at the end, so concurrent loads compose.
 */
export async function refreshActivity(
  deps: LoaderDeps,
  actId: string,
  what: { detail?: boolean; winners?: boolean; surplus?: boolean },
  update: (fn: (state: ActivityState) => ActivityState) => void,
): Promise<void> {
  const [detail, winnerList, surplusInfo] = await Promise.all([
    what.detail ? loadDetail(deps, actId) : undefined,
    what.winners ? loadWinners(deps, actId) : undefined,
    what.surplus ? loadSurplus(deps, actId) : undefined,
  ]);
  update((state) =>
    refreshOne(state, actId, {
      ...(what.detail ? { detail: detail ?? null } : {}),
      ...(what.winners ? { winnerList: winnerList ?? [] } : {}),
      ...(what.surplus ? { surplusInfo: surplusInfo ?? null } : {}),
    }),
  );
}
