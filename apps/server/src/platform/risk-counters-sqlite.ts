import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import {
  bucketOf,
  type CounterAnswer,
  type CounterAsk,
  digest,
  estimate,
  type RiskCounters,
} from './risk-counter-buckets';

interface Waiting {
  ask: CounterAsk;
  now: number;
  resolve(a: CounterAnswer): void;
  reject(err: unknown): void;
}

/** The SQLite file beside the database that every process of the machine shares (like the limits' file). */
export function sqliteCounters(sqlitePath: string): RiskCounters {
  const db = new Database(join(dirname(sqlitePath), `${basename(sqlitePath)}.risk`));
  db.pragma('journal_mode = WAL');
  // A power cut may lose the last counts: a window's estimate is a little low for a minute, never data.
  db.pragma('synchronous = OFF');
  db.pragma('busy_timeout = 50');
  db.exec(`create table if not exists c (k text primary key, n integer not null, e integer not null);
           create table if not exists d (k text not null, m text not null, e integer not null, primary key (k, m));`);
  const incr = db.prepare<[string, number, number], { n: number }>(
    'insert into c (k, n, e) values (?, ?, ?) on conflict (k) do update set n = n + excluded.n returning n',
  );
  const first = db.prepare<[string, number, number, number, number], { n: number }>(
    `insert into c (k, n, e) values (?, ?, ?) on conflict (k) do update set
       n = case when e < ? then excluded.n else n end, e = case when e < ? then excluded.e else e end returning n`,
  );
  const held = db.prepare<[string, number], { n: number }>('select n from c where k = ? and e >= ?');
  const get = db.prepare<[string], { n: number }>('select n from c where k = ?');
  const add = db.prepare('insert or ignore into d (k, m, e) values (?, ?, ?)');
  const member = db.prepare<[string, string], { one: number }>('select 1 as one from d where k = ? and m = ?');
  const sweep = db.prepare('delete from c where e < ?');
  const sweepD = db.prepare('delete from d where e < ?');
  let seen = 0;
  const one = (ask: CounterAsk, now: number): CounterAnswer => {
    if (++seen % 5000 === 0) {
      sweep.run(now);
      sweepD.run(now);
    }
    const counts = ask.counts.map((c) => {
      const b = bucketOf(c.key, c.windowSec, now);
      const cur = incr.get(b.cur, c.by ?? 1, now + b.ttlMs)?.n ?? 1;
      return estimate(cur, get.get(b.prev)?.n ?? 0, b.weight);
    });
    // A distinct count over the two buckets without counting a set: each bucket's size and, for the current
    // one, how many of its members the previous bucket also holds (kept as members arrive), so the union is
    // |cur| + |prev| − |both|, each read by its key.
    const distinct = ask.distinct.map((d) => {
      const b = bucketOf(d.key, d.windowSec, now);
      if (add.run(b.cur, d.member, now + b.ttlMs).changes === 1) {
        incr.get(`n:${b.cur}`, 1, now + b.ttlMs);
        if (member.get(b.prev, d.member)) incr.get(`b:${b.cur}`, 1, now + b.ttlMs);
      }
      const size = (k: string) => get.get(k)?.n ?? 0;
      return size(`n:${b.cur}`) + size(`n:${b.prev}`) - size(`b:${b.cur}`);
    });
    const firsts = (ask.firsts ?? []).map((f) => {
      const k = `f:${digest(f.key)}`;
      if (f.value === null) return held.get(k, now)?.n ?? null;
      return first.get(k, f.value, now + f.ttlSec * 1000, now, now)?.n ?? f.value;
    });
    return { counts, distinct, firsts };
  };
  // The decisions of one turn of the event loop share one write transaction (one lock, one commit), as the
  // draws share the database's group commit; each still sees the counts of those before it.
  const many = db.transaction((batch: Waiting[]) => batch.map((w) => one(w.ask, w.now)));
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    try {
      const answers = many.immediate(batch);
      for (const [i, w] of batch.entries()) w.resolve(answers[i] as CounterAnswer);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return {
    store: 'sqlite',
    observe(ask, now) {
      return new Promise<CounterAnswer>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ ask, now, resolve, reject });
      });
    },
    async close() {
      db.close();
    },
  };
}
