/**
 * `npm run bench:rank [-- --db sqlite|pg] [--participants N]`: the rank of any participant of a season of
 * 1,000,000 (default), as the season module computes it (modules/season/repo.ts `standing`: the score tallies
 * plus one (score, hour) bucket), timed per call on random participants. Seeds the participants' scores and
 * tallies in bulk (what the ledger's transactions would have left), checks the ranks of a sample against a
 * full sort, and prints ONE JSON line. On PostgreSQL it creates a fresh database (BENCH_PG_ADMIN_URL, default
 * the local Unix socket, else 127.0.0.1:5432, as the draw benches: draw-shared.ts) and drops it afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { rng } from '../apps/server/src/cli/demo-season';
import { openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { read } from '../apps/server/src/db/tx';
import { standing } from '../apps/server/src/modules/season/rank-repo';
import { PG_ADMIN_URL } from './draw-shared';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : dflt;
};
const DB_KIND = opt('db', 'sqlite') === 'pg' ? 'postgres' : 'sqlite';
const N = Number(opt('participants', '1000000'));
const TIMED = Number(opt('samples', '2000'));
const CHECKED = Number(opt('checked', '300'));
const CORP = 'bench';
const ACT = 'bench-season';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 1);

interface P {
  id: string;
  score: number;
  at: number;
}

/** Scores as tasks make them (multiples of 5, most people low, a long tail), reached over 30 days. */
function participants(): P[] {
  const r = rng(20261123);
  const out: P[] = new Array(N);
  for (let i = 0; i < N; i++) {
    const score = 5 * (1 + Math.floor(-Math.log(1 - r()) * 12 * (1 + 3 * r() ** 4)));
    out[i] = { id: `u${i.toString(36).padStart(5, '0')}`, score, at: START + Math.floor(r() * 30 * DAY) };
  }
  return out;
}

const TALLIES = (table: string) =>
  table === 'season_tally'
    ? `insert into season_tally (corp_id, act_id, score, n)
       select corp_id, act_id, score, count(*) from season_score group by corp_id, act_id, score`
    : `insert into season_hour_tally (corp_id, act_id, score, hour, n)
       select corp_id, act_id, score, reached_at / ${HOUR}, count(*) from season_score
       group by corp_id, act_id, score, reached_at / ${HOUR}`;

async function seedSqlite(path: string, ps: P[]) {
  const conn = new Database(path);
  conn.pragma('journal_mode = WAL');
  const ins = conn.prepare(
    'insert into season_score (corp_id, act_id, user_id, score, reached_at, prev_reached_at) values (?, ?, ?, ?, ?, 0)',
  );
  const batch = conn.transaction((rows: P[]) => {
    for (const p of rows) ins.run(CORP, ACT, p.id, p.score, p.at);
  });
  for (let i = 0; i < ps.length; i += 50_000) batch(ps.slice(i, i + 50_000));
  conn.exec(TALLIES('season_tally'));
  conn.exec(TALLIES('season_hour_tally'));
  conn.exec('analyze');
  conn.close();
}

async function seedPg(url: string, ps: P[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (let i = 0; i < ps.length; i += 100_000) {
    const rows = ps.slice(i, i + 100_000);
    await c.query(
      `insert into season_score (corp_id, act_id, user_id, score, reached_at, prev_reached_at)
       select $1, $2, u, s, a, 0 from unnest($3::text[], $4::int[], $5::bigint[]) as t(u, s, a)`,
      [CORP, ACT, rows.map((p) => p.id), rows.map((p) => p.score), rows.map((p) => p.at)],
    );
  }
  await c.query(TALLIES('season_tally'));
  await c.query(TALLIES('season_hour_tally'));
  await c.query('vacuum analyze season_score');
  await c.query('analyze season_tally');
  await c.query('analyze season_hour_tally');
  await c.end();
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  const t0 = Date.now();
  const ps = participants();
  let target: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  let cleanup: () => Promise<void>;
  if (DB_KIND === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-rank-'));
    target = { kind: 'sqlite', path: join(dir, 'rank.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `bench_rank_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
    cleanup = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name}`);
      await a.end();
    };
  }
  try {
    const migrating = openDatabase(target);
    await migrateToLatest(migrating.db);
    await migrating.close();
    if (target.kind === 'sqlite') await seedSqlite(target.path, ps);
    else await seedPg(target.url, ps);
    const seedSeconds = (Date.now() - t0) / 1000;

    const database = openDatabase(target);
    const reader = <Q, R>(q: Parameters<typeof read<Q, R>>[1], params: Q) => read(database, q, params);
    const r = rng(7);
    // Warm the statement caches and the pages a little, as a running server would have.
    for (let i = 0; i < 50; i++) await standing(reader, CORP, ACT, (ps[Math.floor(r() * N)] as P).id);
    const times: number[] = [];
    for (let i = 0; i < TIMED; i++) {
      const p = ps[Math.floor(r() * N)] as P;
      const s = performance.now();
      await standing(reader, CORP, ACT, p.id);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);

    const order = [...ps].sort((a, b) => b.score - a.score || a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rankOf = new Map<string, number>();
    // The sample: the top, the bottom and random participants in between.
    const sample = [
      order[0],
      order[1],
      order[N - 1],
      ...Array.from({ length: CHECKED }, () => order[Math.floor(r() * N)]),
    ];
    for (const p of sample) if (p) rankOf.set(p.id, order.indexOf(p) + 1);
    let wrong = 0;
    for (const [id, expected] of rankOf) {
      const got = await standing(reader, CORP, ACT, id);
      if (got.rank !== expected) wrong++;
    }
    await database.close();
    console.log(
      JSON.stringify({
        bench: 'rank',
        db: DB_KIND,
        participants: N,
        timed: TIMED,
        p50: Number(pct(times, 50).toFixed(3)),
        p99: Number(pct(times, 99).toFixed(3)),
        max: Number((times.at(-1) ?? 0).toFixed(3)),
        checked: rankOf.size,
        correct: rankOf.size - wrong,
        rankCorrect: wrong === 0,
        seedSeconds: Number(seedSeconds.toFixed(1)),
      }),
    );
    if (wrong) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
