/**
 * `npm run bench:stats [-- --db sqlite|pg|both] [--draws N] [--samples N]`: the dashboard of a campaign with
 * 10,000,000 draws (default), answered as the console asks for it (modules/stats: the roll-ups and the prize
 * rows, plus the contract's response check), timed per call. Seeds the roll-ups in bulk — what the draws'
 * counters would have left after 14 days (hours shaped like a day's traffic, four channels, six prizes),
 * 60 other campaigns beside it — and prints ONE JSON line per database. On PostgreSQL it creates a fresh
 * database (BENCH_PG_ADMIN_URL, default as the draw benches: draw-shared.ts) and drops it afterwards.
 *
 * The draw's own cost of counting (one append-only insert in the draw transaction) is measured by
 * bench:draw with and without it: `STATS_DRAW_COUNTERS=0 npm run bench:draw` against `npm run bench:draw`
 * (docs/benchmarks.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardSchema } from '@campaign/contract';
import Database from 'better-sqlite3';
import pg from 'pg';
import { parseDefinition } from '../apps/server/src/campaign-file/definition';
import { applyDefinition } from '../apps/server/src/campaign-file/import';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createServices } from '../apps/server/src/services';
import { PG_ADMIN_URL } from './draw-shared';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : dflt;
};
const KINDS = opt('db', 'both') === 'both' ? ['sqlite', 'pg'] : [opt('db', 'sqlite')];
const DRAWS = Number(opt('draws', '10000000'));
const SAMPLES = Number(opt('samples', '1000'));
const OTHERS = Number(opt('others', '60'));
const CORP = 'bench';
const ACT = 'bench-stats';
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const START = NOW - (NOW % HOUR) - 14 * DAY;
const CHANNELS: [string, number][] = [
  ['app', 0.5],
  ['chat', 0.25],
  ['h5', 0.2],
  ['miniapp', 0.05],
];
/** Prize, value (cents), share of draws won, initial stock. */
const PRIZES: [string, number, number, number][] = [
  ['cpn-5', 500, 0.2, 2_500_000],
  ['cpn-20', 2000, 0.05, 600_000],
  ['pts-100', 100, 0.15, 2_000_000],
  ['cup', 5000, 0.002, 25_000],
  ['earbuds', 29900, 0.0002, 2_500],
  ['phone', 599900, 0.000002, 30],
];

type Row = [
  corp: string,
  act: string,
  t: number,
  channel: string,
  metric: string,
  prize: string,
  n: number,
  cents: number,
];

/** A day's shape: quiet at night, peaks at lunch and in the evening (Beijing time). */
const shape = (hourStart: number) => {
  const h = (new Date(hourStart).getUTCHours() + 8) % 24;
  return 0.2 + Math.exp(-((h - 12) ** 2) / 8) + 1.3 * Math.exp(-((h - 20.5) ** 2) / 6);
};

/** The hour roll-up of one campaign with `draws` draws over the 14 days (totals and minutes follow from it). */
function campaignHours(corp: string, act: string, draws: number): Row[] {
  const hours = Array.from({ length: 14 * 24 }, (_, i) => START + i * HOUR);
  const weight = hours.map(shape);
  const sum = weight.reduce((a, b) => a + b, 0);
  const out: Row[] = [];
  hours.forEach((t, i) => {
    const day = Math.floor(i / 24);
    for (const [channel, share] of CHANNELS) {
      const d = Math.round((draws * (weight[i] as number) * share) / sum);
      if (!d) continue;
      const pv = Math.round(d * 1.6);
      const add = (metric: string, n: number, prize = '', cents = 0) => {
        if (n > 0) out.push([corp, act, t, channel, metric, prize, n, cents]);
      };
      add('draw', d);
      add('first', Math.round(d * (0.3 / (1 + day))));
      add('pv', pv);
      add('uv', Math.round(pv * 0.25));
      add('login', Math.round(pv * 0.18));
      add('req', d + pv);
      add('err', Math.round((d + pv) * 0.0004));
      add('r429', Math.round((d + pv) * 0.002));
      add('risk', Math.round(d * 0.001));
      let claims = 0;
      for (const [prize, value, rate] of PRIZES) {
        const w = Math.round(d * rate);
        claims += Math.round(w * 0.6);
        add('win', w, prize, w * value);
      }
      add('claim', claims);
      add('redeem', Math.round(claims * 0.7));
    }
  });
  return out;
}

/** Adds `r` into `into` under its key (corp, act, time, channel, metric, prize). */
function addTo(into: Map<string, Row>, r: Row) {
  const key = r.slice(0, 6).join('|');
  const had = into.get(key);
  if (had) {
    had[6] += r[6];
    had[7] += r[7];
  } else into.set(key, [...r] as Row);
}

/**
 * The roll-ups the fold would have left (modules/stats/fold.ts): totals per campaign and channel, hours and
 * pace minutes without the channel, each also under the corp's all-campaigns row (act '*').
 */
function rollups(): { hour: Row[]; total: Row[]; minute: Row[]; wins: Map<string, number> } {
  const detail = campaignHours(CORP, ACT, DRAWS);
  for (let i = 0; i < OTHERS; i++)
    detail.push(...campaignHours(i % 3 ? CORP : `other-${i % 7}`, `other-${i}`, 200_000));
  const total = new Map<string, Row>();
  const hour = new Map<string, Row>();
  const minute = new Map<string, Row>();
  const wins = new Map<string, number>();
  const lastHour = START + (14 * 24 - 1) * HOUR;
  for (const r of detail) {
    const [corp, act, t, channel, metric, prize, n, cents] = r;
    if (act === ACT && metric === 'win') wins.set(prize, (wins.get(prize) ?? 0) + n);
    for (const a of [act, '*']) {
      addTo(total, [corp, a, 0, channel, metric, prize, n, cents]);
      addTo(hour, [corp, a, t, '', metric, '', n, cents]);
      // The last two hours by minute (the pace window): wins per prize.
      if (metric === 'win' && t === lastHour) {
        for (let m = 0; m < 120; m++) {
          const at = NOW - (NOW % MIN) - m * MIN;
          addTo(minute, [corp, a, at, '', 'win', prize, Math.round(n / 60), Math.round(cents / 60)]);
        }
      }
    }
  }
  return { hour: [...hour.values()], total: [...total.values()], minute: [...minute.values()], wins };
}

const yaml = `
corps:
  - { id: ${CORP}, name: 压测银行, appSecret: bench-stats-app-secret-00000000001 }
activities:
  - id: ${ACT}
    corp: ${CORP}
    type: wheel
    title: 千万级抽奖活动
    startsAt: now-14d
    endsAt: now+16d
    chances: { perDay: 3 }
    rules: <p>压测</p>
    prizes:
${PRIZES.map(([id, value, rate, stock]) => `      - { id: ${id}, name: 奖品${id}, kind: coupon, image: /prizes/coupon.svg, weight: ${Math.max(1, Math.round(rate * 1e6))}, stock: ${stock}, valueCents: ${value} }`).join('\n')}
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 100000, consolation: true }
`;

const COLS = { stats_total: null, stats_hour: 'hour', stats_minute: 'minute' } as const;

async function seedSqlite(path: string, data: ReturnType<typeof rollups>) {
  const conn = new Database(path);
  for (const [table, time] of Object.entries(COLS)) {
    const rows = data[table === 'stats_total' ? 'total' : table === 'stats_hour' ? 'hour' : 'minute'];
    const cols = `corp_id, act_id, ${time ? `${time}, ` : ''}channel, metric, prize_id, n, cents`;
    const st = conn.prepare(
      `insert into ${table} (${cols}) values (${time ? '?, ?, ?, ?, ?, ?, ?, ?' : '?, ?, ?, ?, ?, ?, ?'})`,
    );
    conn.transaction(() => {
      for (const r of rows) st.run(...(time ? r : [r[0], r[1], ...r.slice(3)]));
    })();
  }
  conn.exec('analyze');
  conn.close();
}

async function seedPg(url: string, data: ReturnType<typeof rollups>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const [table, time] of Object.entries(COLS)) {
    const rows = data[table === 'stats_total' ? 'total' : table === 'stats_hour' ? 'hour' : 'minute'];
    for (let i = 0; i < rows.length; i += 50_000) {
      const part = rows.slice(i, i + 50_000);
      const col = (k: number) => part.map((r) => r[k]);
      const keys = time ? [0, 1, 2, 3, 4, 5, 6, 7] : [0, 1, 3, 4, 5, 6, 7];
      const types = time
        ? ['text', 'text', 'bigint', 'text', 'text', 'text', 'bigint', 'bigint']
        : ['text', 'text', 'text', 'text', 'text', 'bigint', 'bigint'];
      const cols = `corp_id, act_id, ${time ? `${time}, ` : ''}channel, metric, prize_id, n, cents`;
      await c.query(
        `insert into ${table} (${cols}) select * from unnest(${types.map((ty, k) => `$${k + 1}::${ty}[]`).join(', ')})`,
        keys.map(col),
      );
    }
  }
  await c.query('analyze');
  await c.end();
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(kind: string) {
  const t0 = Date.now();
  let target: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
    target = { kind: 'sqlite', path: join(dir, 'stats.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `bench_stats_${process.pid}`;
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
    const database = openDatabase(target);
    await migrateToLatest(database.db);
    // As a running server: the activity cache and a read's fold window as in service (not the tests' zero).
    const services = createServices({ database, config: testConfig({ env: 'development' }) });
    await applyDefinition(database.db, services.publishing, parseDefinition(yaml, 'bench.yaml', NOW), NOW);
    const data = rollups();
    if (target.kind === 'sqlite') await seedSqlite(target.path, data);
    else await seedPg(target.url, data);
    // The stock the wins left (what the draws' conditional decrements would have).
    for (const [prize, , , stock] of PRIZES) {
      await database.db
        .updateTable('prize')
        .set({ left_stock: Math.max(0, stock - (data.wins.get(prize) ?? 0)) })
        .where('corp_id', '=', CORP)
        .where('act_id', '=', ACT)
        .where('id', '=', prize)
        .execute();
      await database.db.deleteFrom('prize_stock_bucket').where('act_id', '=', ACT).execute();
    }
    const seedSeconds = (Date.now() - t0) / 1000;

    const timeOne = async (actId?: string) => {
      const s = performance.now();
      dashboardSchema.parse(await services.stats.dashboard(CORP, actId));
      return performance.now() - s;
    };
    const first = await services.stats.dashboard(CORP, ACT);
    for (let i = 0; i < 30; i++) await timeOne(ACT);
    const times: number[] = [];
    // CPU the process spent per answer, beside the wall-clock times (which a busy machine stretches).
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < SAMPLES; i++) times.push(await timeOne(ACT));
    const cpu = process.cpuUsage(cpu0);
    const cpuMsPerAnswer = (cpu.user + cpu.system) / 1000 / SAMPLES;
    const corpTimes: number[] = [];
    for (let i = 0; i < Math.min(200, SAMPLES); i++) corpTimes.push(await timeOne());
    times.sort((a, b) => a - b);
    corpTimes.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 100) / 100;
    console.log(
      JSON.stringify({
        bench: 'stats',
        db: kind,
        draws: first.totals.draws,
        wins: first.totals.wins,
        spentYuan: first.budget.spentCents / 100,
        rollupRows: { total: data.total.length, hour: data.hour.length, minute: data.minute.length },
        seedSeconds: round(seedSeconds),
        samples: SAMPLES,
        campaignMs: {
          p50: round(pct(times, 0.5)),
          p95: round(pct(times, 0.95)),
          p99: round(pct(times, 0.99)),
          max: round(times.at(-1) ?? 0),
        },
        cpuMsPerAnswer: round(cpuMsPerAnswer),
        load1: round(loadavg()[0] ?? 0),
        corpMs: { p50: round(pct(corpTimes, 0.5)), p99: round(pct(corpTimes, 0.99)) },
        target: 'p99 <= 50 ms',
        ok: pct(times, 0.99) <= 50 && Math.abs(first.totals.draws - DRAWS) < DRAWS / 1000,
      }),
    );
    await services.stats.close();
    await database.close();
  } finally {
    await cleanup();
  }
}

for (const kind of KINDS) await run(kind);
