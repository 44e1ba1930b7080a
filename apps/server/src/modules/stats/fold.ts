import type { Own } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import * as repo from './repo';

const BATCH = 5_000;
/** Minutes kept: the pace window (60) and a margin for late events. */
const KEEP_MINUTES = 120;

type Row = repo.Increment & { t?: number };

/** A delta as roll-up increments: a draw row carries the draw, the first draw and the win in one insert. */
function expand(d: repo.Delta): repo.Increment[] {
  const base = { corp_id: d.corp_id, act_id: d.act_id, channel: d.channel, n: Number(d.n) };
  if (d.metric !== 'draw' && d.metric !== 'draw1') {
    return [{ ...base, metric: d.metric, prize_id: d.prize_id, cents: Number(d.cents) }];
  }
  const out: repo.Increment[] = [{ ...base, metric: 'draw', prize_id: '', cents: 0 }];
  if (d.metric === 'draw1') out.push({ ...base, metric: 'first', prize_id: '', cents: 0 });
  if (d.prize_id) out.push({ ...base, metric: 'win', prize_id: d.prize_id, cents: Number(d.cents) });
  return out;
}

function add(into: Map<string, Row>, inc: repo.Increment, t?: number) {
  const key = `${inc.corp_id}\u0000${inc.act_id}\u0000${t ?? ''}\u0000${inc.channel}\u0000${inc.metric}\u0000${inc.prize_id}`;
  const had = into.get(key);
  if (had) {
    had.n += inc.n;
    had.cents += inc.cents;
  } else into.set(key, { ...inc, t });
}

/** Sorted by key: two folds on two nodes take the roll-up rows' locks in one order (no deadlock). */
const sorted = (m: Map<string, Row>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);

/**
 * The per-minute (and per-hour, and total) roll-up: takes the deltas out and adds them up in one
 * transaction, so each is counted exactly once whichever node folds it, and a late one (committed after
 * its minute) still lands in its own minute and hour. One fold at a time per process.
 */
export function createFold(deps: ServiceDeps<'stats'>) {
  const db = deps.database.db as Own<'stats'>;
  const postgres = deps.database.kind === 'postgres';
  let running: Promise<number> | null = null;
  let lastPrune = 0;
  let lastFold = 0;

  async function once(): Promise<number> {
    const now = deps.clock();
    // Nothing waiting (the usual case between draws): no write transaction at all.
    if (!(await repo.anyDelta(db))) return 0;
    return db.transaction().execute(async (tx) => {
      const ds = await repo.takeDeltas(tx, BATCH, postgres);
      if (!ds.length) return 0;
      const total = new Map<string, Row>();
      const hour = new Map<string, Row>();
      const minute = new Map<string, Row>();
      const oldest = now - KEEP_MINUTES * repo.MINUTE;
      for (const d of ds) {
        const at = Number(d.at);
        for (const inc of expand(d)) {
          // Each campaign, and the corp's all-campaigns row (act '*'): neither view sums many rows on read.
          for (const act_id of [inc.act_id, repo.ALL]) {
            const one = { ...inc, act_id };
            add(total, one);
            // The hourly series and the pace need neither the channel nor (but for wins) the prize.
            const bare = { ...one, channel: '', prize_id: inc.metric === 'win' ? inc.prize_id : '' };
            add(hour, { ...bare, prize_id: '' }, at - (at % repo.HOUR));
            if (inc.metric === 'win' && at >= oldest) add(minute, bare, at - (at % repo.MINUTE));
          }
        }
      }
      await repo.addTo(tx, 'stats_total', sorted(total));
      await repo.addTo(tx, 'stats_hour', sorted(hour));
      await repo.addTo(tx, 'stats_minute', sorted(minute));
      return ds.length;
    });
  }

  async function run(): Promise<number> {
    let folded = 0;
    for (let i = 0; i < 20; i++) {
      let n: number;
      try {
        n = await once();
      } catch (err) {
        // Another node's fold deadlocked with this one (or the database blinked): the deltas are still
        // there, rolled back with this transaction; the next fold takes them.
        deps.log.warn({ err: (err as Error).message }, 'stats fold failed; the next one retries');
        break;
      }
      folded += n;
      if (n < BATCH) break;
    }
    const now = deps.clock();
    if (now - lastPrune > 10 * repo.MINUTE) {
      lastPrune = now;
      await repo.pruneMinutes(db, now - KEEP_MINUTES * repo.MINUTE).catch(() => {});
    }
    return folded;
  }

  return {
    /** Folds what is waiting; a call while a fold runs shares it. Resolves with the deltas folded. */
    fold(): Promise<number> {
      running ??= run().finally(() => {
        running = null;
        lastFold = Date.now();
      });
      return running;
    },
    /** A read's fold: none if one finished within `freshMs` (readers in a row do not each look for deltas). */
    foldIfStale(freshMs: number): Promise<number> {
      return !running && Date.now() - lastFold < freshMs ? Promise.resolve(0) : this.fold();
    },
  };
}
