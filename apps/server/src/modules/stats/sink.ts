import type { Own } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import type { StatEvent, StatsSinkPort } from '../../platform/stats-port';
import * as repo from './repo';

const FLUSH_MS = 250;
/** After a failed store, the next try (the database may be away for a while: no tight loop). */
const RETRY_MS = 1_000;
/**
 * Distinct counters kept while the database is away (a counter is a key and two sums, so an outage of any
 * length costs at most this many; past it new keys are dropped, and said so in the log).
 */
export const MAX_PENDING_KEYS = 20_000;
const CHUNK = 500;

/** Events of one key and one minute are one counter: the fold buckets by minute and hour, never finer. */
function keyOf(d: repo.Delta): string {
  return `${d.corp_id}\u0000${d.act_id}\u0000${d.at - (d.at % repo.MINUTE)}\u0000${d.channel}\u0000${d.metric}\u0000${d.prize_id}`;
}

/** The sink's counters and timer, shared by the steps below. */
interface SinkState {
  deps: ServiceDeps<'stats'>;
  db: Own<'stats'>;
  pending: Map<string, repo.Delta>;
  timer: NodeJS.Timeout | null;
  pendingSeen: Promise<unknown>[];
  dropped: number;
  failing: boolean;
  closed: boolean;
  /** The flush being written: a later flush waits for it, so a read after `flush()` sees every earlier count. */
  flushing: Promise<void>;
}

function schedule(s: SinkState, ms: number) {
  if (s.timer || s.closed) return;
  s.timer = setTimeout(() => void flush(s), ms);
  s.timer.unref();
}

function add(s: SinkState, d: repo.Delta) {
  const key = keyOf(d);
  const c = s.pending.get(key);
  if (c) {
    c.n += d.n;
    c.cents += d.cents;
  } else if (s.pending.size < MAX_PENDING_KEYS) s.pending.set(key, { ...d });
  else s.dropped += d.n;
}

/** One flush at a time, in order: a read that flushed first never misses counts a timer's flush was writing. */
function flush(s: SinkState): Promise<void> {
  // A failed flush (its error goes to its caller) does not stop the ones after it.
  s.flushing = s.flushing.catch(() => {}).then(() => flushNow(s));
  return s.flushing;
}

async function flushNow(s: SinkState) {
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await Promise.all(s.pendingSeen);
  s.pendingSeen = [];
  const batch = s.pending;
  s.pending = new Map();
  if (!batch.size) return;
  const rows = [...batch.values()];
  let stored = 0;
  try {
    // A chunk per statement (an outage's backlog is more rows than a statement takes parameters).
    for (; stored < rows.length; stored += CHUNK) await repo.addDeltas(s.db, rows.slice(stored, stored + CHUNK));
    if (s.failing || s.dropped)
      s.deps.log.warn(
        { counters: rows.length, dropped: s.dropped },
        'stats events stored after the database came back',
      );
    s.failing = false;
    s.dropped = 0;
  } catch (err) {
    // What is not stored is kept for the next try, merged with whatever is counted meanwhile (one line
    // per outage in the log).
    for (const d of rows.slice(stored)) add(s, d);
    if (!s.failing)
      s.deps.log.warn({ err: (err as Error).message, counters: batch.size }, 'stats events not stored; kept to retry');
    s.failing = true;
    schedule(s, RETRY_MS);
  }
}

function count(s: SinkState, ev: StatEvent) {
  add(s, {
    corp_id: ev.corpId,
    act_id: ev.actId,
    at: ev.at,
    channel: ev.channel ?? '',
    metric: ev.metric,
    prize_id: ev.prizeId ?? '',
    n: 1,
    cents: ev.cents ?? 0,
  });
  schedule(s, FLUSH_MS);
}

/** A page view; the visitor and the login are counted once each, after a look at who was seen before. */
function pageView(s: SinkState, ev: Parameters<StatsSinkPort['pageView']>[0]) {
  count(s, { ...ev, metric: 'pv' });
  const who = ev.userId ?? `anon:${ev.anon}`;
  const seen = (async () => {
    if (await repo.firstSeen(s.db, ev.corpId, ev.actId, 'visitor', who)) count(s, { ...ev, metric: 'uv' });
    if (ev.userId && (await repo.firstSeen(s.db, ev.corpId, ev.actId, 'login', ev.userId)))
      count(s, { ...ev, metric: 'login' });
  })().catch((err) => s.deps.log.warn({ err: (err as Error).message }, 'stats visitor not counted'));
  s.pendingSeen.push(seen);
}

/**
 * Events that are not counted inside their own transaction (page views, claims, the request counters):
 * merged in memory into counters for at most FLUSH_MS, then stored as deltas in one insert. A crash loses
 * at most that moment's events; the draws, which carry money, are counted in the draw transaction instead.
 * While the database is away the counters are kept (bounded) and stored when it answers again, so the
 * dashboard's request and 5xx counts cover an outage too (docs/decisions/0360-stats-counters.md).
 */
export function createSink(deps: ServiceDeps<'stats'>): StatsSinkPort & { flush(): Promise<void>; close(): void } {
  const s: SinkState = {
    deps,
    db: deps.database.db as Own<'stats'>,
    pending: new Map(),
    timer: null,
    pendingSeen: [],
    dropped: 0,
    failing: false,
    closed: false,
    flushing: Promise.resolve(),
  };
  return {
    count: (ev) => count(s, ev),
    pageView: (ev) => pageView(s, ev),
    flush: () => flush(s),
    close() {
      s.closed = true;
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
    },
  };
}
