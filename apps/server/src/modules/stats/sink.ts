import type { Own } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import type { StatEvent, StatsSinkPort } from '../../platform/stats-port';
import * as repo from './repo';

const FLUSH_MS = 250;

/**
 * Events that are not counted inside their own transaction (page views, claims, the request counters):
 * kept in memory for at most FLUSH_MS, then stored as deltas in one insert. A crash loses at most that
 * moment's events; the draws, which carry money, are counted in the draw transaction instead.
 */
export function createSink(deps: ServiceDeps<'stats'>): StatsSinkPort & { flush(): Promise<void>; close(): void } {
  const db = deps.database.db as Own<'stats'>;
  let pending: repo.Delta[] = [];
  let timer: NodeJS.Timeout | null = null;
  let pendingSeen: Promise<unknown>[] = [];

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    await Promise.all(pendingSeen);
    pendingSeen = [];
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    try {
      await repo.addDeltas(db, batch);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, events: batch.length }, 'stats events not stored');
    }
  }

  function count(ev: StatEvent) {
    pending.push({
      corp_id: ev.corpId,
      act_id: ev.actId,
      at: ev.at,
      channel: ev.channel ?? '',
      metric: ev.metric,
      prize_id: ev.prizeId ?? '',
      n: 1,
      cents: ev.cents ?? 0,
    });
    if (!timer) {
      timer = setTimeout(() => void flush(), FLUSH_MS);
      timer.unref();
    }
  }

  return {
    count,
    pageView(ev) {
      count({ ...ev, metric: 'pv' });
      const who = ev.userId ?? `anon:${ev.anon}`;
      const seen = (async () => {
        if (await repo.firstSeen(db, ev.corpId, ev.actId, 'visitor', who)) count({ ...ev, metric: 'uv' });
        if (ev.userId && (await repo.firstSeen(db, ev.corpId, ev.actId, 'login', ev.userId)))
          count({ ...ev, metric: 'login' });
      })().catch((err) => deps.log.warn({ err: (err as Error).message }, 'stats visitor not counted'));
      pendingSeen.push(seen);
    },
    flush,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
