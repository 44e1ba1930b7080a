import { type ActivityDetail, endpoints, type SessionUser } from '@campaign/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CallFailure } from '../../../api/errors';
import { callLoose } from '../../../api/request';
import { type LoaderDeps, loadDetail, loadGroup, refreshActivity } from '../api/activity-loader';
import type { RefusalReason } from '../api/draw-runner';
import {
  detailOf,
  type RecentWinner,
  refreshOne,
  type SurplusInfo,
  surplusOf,
  useActivityStore,
  winnersOf,
} from '../model/activity-state';
import { type Gate, gateOf, type LotteryParam } from '../model/gate';

export const browserLoaderDeps: LoaderDeps = {
  call: callLoose,
  log: (message, error) => console.warn(message, error),
};

const NO_WINNERS: RecentWinner[] = [];

export interface ActivityView {
  actId: string;
  param: LotteryParam | null;
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
  /** After a draw: chances and winners change. */
  refreshAfterDraw: () => Promise<void>;
  setRefusal: (reason: RefusalReason | null) => void;
}

/**
 * Everything a game screen reads about its activity: the draw parameters, the detail and its group
 * (spec §4 group flow, kept in the shared per-activity store), the session and the gate state.
 */
export function useActivity(actId: string, deps: LoaderDeps = browserLoaderDeps): ActivityView {
  const [param, setParam] = useState<LotteryParam | null>(null);
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState<'offline' | 'missing' | null>(null);
  const [refusal, setRefusal] = useState<RefusalReason | null>(null);
  const [localDetail, setLocalDetail] = useState<ActivityDetail | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [, setTick] = useState(0);
  const offset = useRef(0);

  const storeDetail = useActivityStore((s) => detailOf(s, actId));
  const winners = useActivityStore((s) =>
    s.winnerLists.some((w) => w.actId === actId) ? winnersOf(s, actId) : NO_WINNERS,
  );
  const surplus = useActivityStore((s) => surplusOf(s, actId));
  const rocc = useActivityStore((s) => (s.group?.rocc ?? 0) === 1 && s.group?.ids.includes(actId) === true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes only to re-run the load (retry)
  useEffect(() => {
    let live = true;
    setLoadFailed(null);
    setParam(null);
    const store = useActivityStore.getState();
    void (async () => {
      const [paramResult, who] = await Promise.all([
        deps
          .call(endpoints.lotteryParam, { query: { actId }, quiet: true })
          .then((data) => ({ ok: true as const, data }))
          .catch((error: unknown) => ({ ok: false as const, error })),
        deps.call(endpoints.currentSession, { quiet: true }).catch(() => null),
      ]);
      if (!live) return;
      setUser(who);
      if (!paramResult.ok) {
        const business = paramResult.error instanceof CallFailure && paramResult.error.code !== undefined;
        setLoadFailed(business ? 'missing' : 'offline');
        return;
      }
      offset.current = paramResult.data.serverNow - Date.now();
      setParam(paramResult.data);
      const detail = await loadDetail(deps, actId);
      if (!live) return;
      setLocalDetail(detail);
      const groupId = detail?.actGroupId ?? null;
      const current = useActivityStore.getState().group;
      if (groupId && current?.actGroupId !== groupId) {
        const loaded = await loadGroup(deps, groupId);
        if (!live) return;
        if (loaded) {
          store.set(loaded);
          // The group flow fetched winners and surplus for its listed ids; fetch only what it left out.
          const what = {
            winners: !loaded.winnerLists.some((w) => w.actId === actId),
            surplus: !loaded.surplusInfos.some((w) => w.actId === actId),
          };
          if (what.winners || what.surplus) await refreshActivity(deps, actId, what, store.update);
          return;
        }
      }
      // A single id: refreshed only if it is in the group's list (spec §4); the detail is already here.
      store.update((s) => refreshOne(s, actId, { detail }));
      await refreshActivity(deps, actId, { winners: true, surplus: true }, store.update);
    })();
    return () => {
      live = false;
    };
  }, [actId, deps, attempt]);

  // Re-evaluate the gate every second around the window's edges (a countdown reaching zero opens the game).
  useEffect(() => {
    if (!param) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [param]);

  const serverNow = useCallback(() => Date.now() + offset.current, []);
  const detail = storeDetail ?? localDetail;
  const gate = gateOf({ param, now: serverNow(), surplus, loggedIn: Boolean(user), refusal, loadFailed });

  return {
    actId,
    param,
    detail,
    winners,
    surplus,
    user,
    rocc,
    gate,
    serverNow,
    reload: () => {
      setRefusal(null);
      setAttempt((n) => n + 1);
    },
    refreshAfterDraw: () =>
      refreshActivity(deps, actId, { winners: true, surplus: true }, useActivityStore.getState().update),
    setRefusal,
  };
}
