/**
 * The replay's speed (issue 35: "1,000,000 events in ≤ 60 s"), run by `npm run bench:risk -- --only replay
 * [--db sqlite|pg]` (and in bench:risk's full run, on SQLite): BENCH_REPLAY_EVENTS (1,000,000) stored decisions
 * of one campaign (testing/risk-log.ts: multi-row inserts, a transaction per 20,000), then the shipped default
 * ruleset replayed over them twice through the real module: the synchronous walk (modules/risk/replay.ts) and
 * the console's background job (start → pages with progress → done; run-replay.ts). Both must give the same
 * checksum. Prints events/s and seconds for each.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config';
import { type Database_, openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { own } from '../apps/server/src/db/owners';
import { DEFAULT_RISK_RULES } from '../apps/server/src/modules/risk/default-ruleset';
import { replay } from '../apps/server/src/modules/risk/replay';
import { createServices } from '../apps/server/src/services';
import { enforceRules } from '../apps/server/src/testing/risk';
import { seedDecisions } from '../apps/server/src/testing/risk-log';
import { PG_ADMIN_URL } from './draw-shared';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 1_000_000);
const ACT = 'bench-replay';

async function openDb(kind: 'sqlite' | 'pg'): Promise<{ database: Database_; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
    const database = openDatabase({ kind: 'sqlite', path: join(dir, 'replay.db') });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `campaign_replay_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
  const drop = async () => {
    const a = new pg.Client({ connectionString: PG_ADMIN_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return { database, drop };
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

export async function replayBench(kind: 'sqlite' | 'pg') {
  const { database, drop } = await openDb(kind);
  try {
    await migrateToLatest(database.db);
    const now = Date.now();
    let t0 = performance.now();
    await seedDecisions(database, { corpId: 'demo', actId: ACT, n: EVENTS, at: now });
    const seedMs = performance.now() - t0;
    const id = await enforceRules(database, 'demo', DEFAULT_RISK_RULES, now);
    t0 = performance.now();
    const sync = await replay(own('risk', database.db), 'demo', { id, actId: ACT });
    const syncMs = performance.now() - t0;
    const services = createServices({ database, config: testConfig(), clock: () => Date.now() });
    t0 = performance.now();
    const job = await services.risk.replays.start('demo', { id: 'bench' }, { id, actId: ACT });
    await services.risk.replays.idle();
    const jobMs = performance.now() - t0;
    const ended = await services.risk.replays.job('demo', job.id);
    await services.risk.close();
    const line = (ms: number) => ({ seconds: seconds(ms), eventsPerSec: Math.round(EVENTS / (ms / 1000)) });
    return {
      db: kind,
      events: EVENTS,
      rules: DEFAULT_RISK_RULES.length,
      seedSeconds: seconds(seedMs),
      sync: line(syncMs),
      job: { ...line(jobMs), state: ended.state, done: ended.done, total: ended.total },
      sameChecksum: ended.result?.checksum === sync.checksum,
      acted: sync.acted,
      targetMet: jobMs <= 60_000 && syncMs <= 60_000 && ended.result?.checksum === sync.checksum,
    };
  } finally {
    await database.close();
    await drop();
  }
}

export function printReplay(r: Awaited<ReturnType<typeof replayBench>>) {
  console.log(
    `replay ${r.db.padEnd(6)} ${r.events.toLocaleString('en')} events, ${r.rules} rules (seeded in ${r.seedSeconds} s):` +
      ` in one go ${r.sync.seconds} s (${r.sync.eventsPerSec.toLocaleString('en')} events/s),` +
      ` as the console's job ${r.job.seconds} s (${r.job.eventsPerSec.toLocaleString('en')} events/s, ${r.job.state}` +
      ` ${r.job.done}/${r.job.total}); same checksum: ${r.sameChecksum}; target ≤ 60 s: ${r.targetMet ? 'met' : 'NOT met'}`,
  );
}
