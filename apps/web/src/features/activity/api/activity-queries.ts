import type { ActivityDetail } from '@campaign/contract/client';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointQuery, useEndpointQuery } from '#web/api/endpoint-query';
import { pageIdle, whenIdle } from '#web/shared/lib/when-idle';
import {
  type DetailResult,
  detailOrNull,
  type GroupInfo,
  groupInfo,
  type RecentWinner,
  type SurplusInfo,
} from '../model/activity-data';

/**
 * The activity's reads, each a cached TanStack query keyed by endpoint and payload, so the screens
 * that show the same activity share one request and one cache entry (spec §3: per activity the
 * client keeps its detail, winner list and surplus info). spec §8: failed detail, winner and surplus
 * loads are only logged (quiet: no toast); a failed winner load reads as [], a failed surplus as null.
 */
const QUIET = { meta: { quiet: true } } as const;
const NO_WINNERS: RecentWinner[] = [];

const selectDetail = (result: DetailResult): ActivityDetail | null => detailOrNull(result);

export function activityDetailQuery(actId: string) {
  return endpointQuery('activityDetail', { query: { actId } });
}

/** The activity's detail: undefined while loading, null when it does not exist (spec §5). */
export function useActivityDetail(actId: string | null) {
  return useEndpointQuery(
    'activityDetail',
    { query: { actId: actId ?? '' } },
    { ...QUIET, enabled: Boolean(actId), select: selectDetail },
  );
}

export function useSurplus(actId: string): SurplusInfo | null {
  const surplus = useEndpointQuery('activitySurplus', { query: { actId } }, { ...QUIET, enabled: actId !== '' });
  return surplus.data?.surplusInfo ?? null;
}

/**
 * The winners marquee. Its read is asked for with the rest, but sent once the page has first been idle: it
 * is not what the customer came for, and on a slow network it would share the first view's bandwidth
 * (ADR 0143). One observer, one request; reads after the first idle (after a draw) go at once.
 */
export function useRecentWinners(actId: string): RecentWinner[] {
  const base = endpointQuery('recentWinners', { query: { actId } });
  const winners = useQuery({
    ...base,
    ...QUIET,
    enabled: actId !== '',
    queryFn: async (ctx) => {
      await pageIdle();
      return base.queryFn(ctx);
    },
  });
  return winners.data?.winnerList ?? NO_WINNERS;
}

/** The server clock's offset from this phone's (ms), for windows and countdowns that must not trust the phone. */
export function useServerOffset(): number {
  const time = useEndpointQuery('systemTime', {}, { ...QUIET, staleTime: 5 * 60_000 });
  return time.data ? time.data.now - time.dataUpdatedAt : 0;
}

export interface ActivityGroupView {
  /** undefined while the group is read, null when there is none or it cannot be read. */
  group: GroupInfo | null | undefined;
  /** Details of every id the group names (null where one failed or does not exist). */
  details: ReadonlyMap<string, ActivityDetail | null>;
  winners: ReadonlyMap<string, RecentWinner[]>;
  surplus: ReadonlyMap<string, SurplusInfo | null>;
}

/** The group (its ids and rocc switch): undefined while it is read, null when there is none or it failed. */
function useGroupInfo(actGroupId: string | null): GroupInfo | null | undefined {
  const raw = useEndpointQuery(
    'activityGroupDetail',
    { query: { actGroupId: actGroupId ?? '' } },
    { ...QUIET, enabled: Boolean(actGroupId), select: groupInfo },
  );
  return actGroupId === null || raw.isError ? null : raw.data;
}

/**
 * spec §4 group flow: read the group (which sets the rocc switch), then detail for every id it
 * names, recent winners for its winner ids and surplus for its surplus ids — all in parallel, and
 * shared with the screens that read the same ids.
 */
export function useActivityGroup(actGroupId: string | null): ActivityGroupView {
  const group = useGroupInfo(actGroupId);
  const details = useQueries({
    queries: (group?.ids ?? []).map((actId) => ({ ...activityDetailQuery(actId), ...QUIET, select: selectDetail })),
  });
  const winners = useQueries({
    queries: (group?.winnerActIds ?? []).map((actId) => ({
      ...endpointQuery('recentWinners', { query: { actId } }),
      ...QUIET,
    })),
  });
  const surplus = useQueries({
    queries: (group?.surplusActIds ?? []).map((actId) => ({
      ...endpointQuery('activitySurplus', { query: { actId } }),
      ...QUIET,
    })),
  });
  return {
    group,
    details: new Map((group?.ids ?? []).map((id, i) => [id, details[i]?.data ?? null])),
    winners: new Map((group?.winnerActIds ?? []).map((id, i) => [id, winners[i]?.data?.winnerList ?? NO_WINNERS])),
    surplus: new Map((group?.surplusActIds ?? []).map((id, i) => [id, surplus[i]?.data?.surplusInfo ?? null])),
  };
}

/**
 * A game screen's view of its group: the rocc switch only (spec §4). The group flow still reads the
 * data of the group's other activities (detail, recent winners, surplus), but into the shared cache once
 * the game has painted and the browser is idle, without subscribing: the game screen neither waits nor
 * re-renders for them (issue 8: rendering the whole group load was most of /upStdDraw's blocking time).
 */
export function useGroupSwitch(actGroupId: string | null, actId: string): GroupInfo | null | undefined {
  const client = useQueryClient();
  const group = useGroupInfo(actGroupId);
  useEffect(() => {
    if (!group) return;
    const others = (ids: readonly string[]) => ids.filter((id) => id !== actId);
    return whenIdle(() => {
      for (const id of others(group.ids)) void client.prefetchQuery({ ...activityDetailQuery(id), ...QUIET });
      for (const id of others(group.winnerActIds))
        void client.prefetchQuery({ ...endpointQuery('recentWinners', { query: { actId: id } }), ...QUIET });
      for (const id of others(group.surplusActIds))
        void client.prefetchQuery({ ...endpointQuery('activitySurplus', { query: { actId: id } }), ...QUIET });
    });
  }, [group, actId, client]);
  return group;
}
