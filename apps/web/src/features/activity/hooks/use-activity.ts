import type { ActivityDetail, SessionUser } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { invalidateAfterDraw } from '#web/api/effects';
import { CallFailure } from '#web/api/errors';
import { isBusy } from '#web/api/request';
import { useSession } from '#web/api/session';
import {
  useActivityDetail,
  useGroupSwitch,
  useRecentWinners,
  useServerOffset,
  useSurplus,
} from '../api/activity-queries';
import type { RefusalReason } from '../api/draw-runner';
import type { RecentWinner, SurplusInfo } from '../model/activity-data';
import { type Gate, gateOf, type LoadFailure, pacedUntil } from '../model/gate';

/**
 * Why there is no activity to show: `missing` when there is no actId, the server has no such activity
 * (returnCode ≠ 0, or a business refusal), `busy` when a server past capacity refused to answer, `offline`
 * when it could not be asked; null otherwise.
 */
export function loadFailure(
  actId: string,
  detail: { data: ActivityDetail | null | undefined; error: unknown },
): LoadFailure | null {
  if (actId === '' || detail.data === null) return 'missing';
  if (detail.data !== undefined || !detail.error) return null;
  if (isBusy(detail.error)) return 'busy';
  return detail.error instanceof CallFailure && detail.error.code !== undefined ? 'missing' : 'offline';
}

/** setTimeout's longest wait (about 24.8 days): a later edge is waited for in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** Milliseconds until the activity's window next opens or closes (a little after it), or null if never. */
export function nextEdgeIn(detail: Pick<ActivityDetail, 'startsAt' | 'endsAt'> | null, now: number): number | null {
  if (!detail) return null;
  const next = [detail.startsAt, detail.endsAt].filter((edge) => edge > now).sort((a, b) => a - b)[0];
  return next === undefined ? null : Math.min(next - now + 50, MAX_WAIT_MS);
}

export interface ActivityView {
  actId: string;
  /** null until it is read, and when the activity does not exist. */
  detail: ActivityDetail | null;
  winners: RecentWinner[];
  surplus: SurplusInfo | null;
  /** undefined while the session is being read. */
  user: SessionUser | null | undefined;
  rocc: boolean;
  gate: Gate;
  /** Server time (ms) by the corrected client clock. */
  serverNow: () => number;
  reload: () => void;
  /** After a draw has been shown: chances, stock and winners changed. */
  refreshAfterDraw: () => Promise<void>;
  setRefusal: (reason: RefusalReason | null) => void;
}

/**
 * Everything a game screen reads about its activity, all at once: the detail, its chances and
 * stock, its recent winners, the session and the server clock go out in parallel; only the group
 * (spec §4: its rocc switch) waits, for the group id the detail names; its other ids' data is read
 * when the browser is idle (useGroupSwitch).
 */
export function useActivity(actId: string): ActivityView {
  const client = useQueryClient();
  const detailQuery = useActivityDetail(actId);
  const surplus = useSurplus(actId);
  const winners = useRecentWinners(actId);
  const user = useSession();
  const offset = useServerOffset();
  const detail = detailQuery.data ?? null;
  const group = useGroupSwitch(detail?.actGroupId ?? null, actId);
  const [refusal, setRefusal] = useState<RefusalReason | null>(null);
  const [tick, setTick] = useState(0);

  // Re-evaluate the gate when the window opens or closes (a countdown reaching zero opens the game): one
  // timer to the next edge. Not a re-render of the whole game screen every second — that kept the main
  // thread busy for as long as the screen was open (the countdown ticks on its own).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after a capped wait
  useEffect(() => {
    const wait = nextEdgeIn(detail, Date.now() + offset);
    if (wait === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [detail, offset, tick]);

  // A paced campaign's next release (ADR 0063): the stock is read again then, each phone after its own
  // second or so, so the whole crowd does not ask in the same millisecond.
  const releaseAt = pacedUntil(surplus);
  useEffect(() => {
    if (releaseAt === null) return;
    const wait = Math.max(0, releaseAt - (Date.now() + offset)) + 300 + Math.floor(Math.random() * 1200);
    const timer = setTimeout(() => void invalidateAfterDraw(client, actId), Math.min(wait, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [releaseAt, offset, client, actId]);

  const serverNow = useCallback(() => Date.now() + offset, [offset]);
  const loadFailed = loadFailure(actId, detailQuery);
  const gate = gateOf({ activity: detail, now: serverNow(), surplus, loggedIn: Boolean(user), refusal, loadFailed });

  return {
    actId,
    detail,
    winners,
    surplus,
    user,
    rocc: group?.rocc === 1 && group.ids.includes(actId),
    gate,
    serverNow,
    // "Retry" on the offline panel: everything this screen reads, again.
    reload: () => {
      setRefusal(null);
      void client.refetchQueries({ type: 'active' });
    },
    refreshAfterDraw: () => invalidateAfterDraw(client, actId),
    setRefusal,
  };
}
