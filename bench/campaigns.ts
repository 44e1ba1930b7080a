/**
 * `npm run bench:campaigns [-- --db sqlite|pg] [--campaigns N]`: the console's campaign list (GET
 * /console/campaigns, modules/campaigns reads.list: one page and the total) over a corp with 10,000 campaigns
 * (default) in every state and kind, timed per call on random pages and filters (all, by state, by kind, by
 * text), through the same service the endpoint calls. Target: p99 ≤ 50 ms. Prints ONE JSON line. On
 * PostgreSQL it creates a fresh database (BENCH_PG_ADMIN_URL, as the other benches) and drops it afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMPAIGN_KINDS, CAMPAIGN_STATES, type CampaignState } from '@campaign/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { rng } from '../apps/server/src/cli/demo-season';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Corp } from '../apps/server/src/platform/tenancy';
import { createServices } from '../apps/server/src/services';
import { PG_ADMIN_URL } from './draw-shared';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : dflt;
};
const DB_KIND = opt('db', 'sqlite') === 'pg' ? 'postgres' : 'sqlite';
const N = Number(opt('campaigns', '10000'));
const TIMED = Number(opt('samples', '2000'));
const CORP = { id: 'bench', name: '压测银行' } as Corp;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  let target: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  let cleanup: () => Promise<void>;
  if (DB_KIND === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-campaigns-'));
    target = { kind: 'sqlite', path: join(dir, 'campaigns.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `bench_campaigns_${process.pid}`;
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
  const database = openDatabase(target);
  try {
    await migrateToLatest(database.db);
    const r = rng(20261126);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
    const draft = JSON.stringify({ kind: 'wheel', activity: { title: '压测', prizes: [] } });
    const t0 = Date.now();
    for (let i = 0; i < N; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - i) }, (_, j) => {
        const n = i + j;
        const startsAt = NOW + Math.floor((r() - 0.5) * 60) * DAY;
        return {
          corp_id: CORP.id,
          id: `c${n.toString(36).padStart(5, '0')}`,
          kind: pick(CAMPAIGN_KINDS),
          title: `压测活动 ${n}`,
          state: pick(CAMPAIGN_STATES),
          revision_state: null,
          draft,
          draft_rev: 1,
          live: null,
          version: null,
          maker: `op-${n % 7}`,
          editors: '[]',
          round: 0,
          approvals_needed: 1,
          submitted_at: null,
          submitted_by: null,
          starts_at: startsAt,
          ends_at: startsAt + 30 * DAY,
          slot: `page:${n % 9}`,
          budget_cents: Math.floor(r() * 1e7),
          created_at: NOW - Math.floor(r() * 365) * DAY,
          updated_at: NOW - Math.floor(r() * 365 * DAY),
          updated_by: `op-${n % 7}`,
        };
      });
      await database.db.insertInto('campaign').values(rows).execute();
    }
    if (target.kind === 'postgres') await sql`vacuum analyze campaign`.execute(database.db);
    const seedSeconds = (Date.now() - t0) / 1000;

    const services = createServices({ database, config: testConfig(), clock: () => NOW });
    const list = services.campaigns.reads.list;
    const query = () => {
      const f = r();
      const pageSize = pick([20, 50, 100]);
      const base = { page: 1 + Math.floor(r() * 20), pageSize };
      if (f < 0.4) return base;
      if (f < 0.7) return { ...base, page: 1 + Math.floor(r() * 3), state: pick(CAMPAIGN_STATES) as CampaignState };
      if (f < 0.9) return { ...base, page: 1 + Math.floor(r() * 3), kind: pick(CAMPAIGN_KINDS) };
      return { ...base, page: 1, q: `活动 ${Math.floor(r() * N)}` };
    };
    for (let i = 0; i < 50; i++) await list(CORP, query());
    const times: number[] = [];
    const byFilter: Record<string, number[]> = { all: [], state: [], kind: [], text: [] };
    let rows = 0;
    for (let i = 0; i < TIMED; i++) {
      const q = query();
      const s = performance.now();
      const res = await list(CORP, q);
      const ms = performance.now() - s;
      times.push(ms);
      byFilter['q' in q ? 'text' : 'state' in q ? 'state' : 'kind' in q ? 'kind' : 'all']?.push(ms);
      rows += res.items.length;
    }
    times.sort((a, b) => a - b);
    const p99By = Object.fromEntries(
      Object.entries(byFilter).map(([k, v]) => [
        k,
        Number(
          pct(
            v.sort((a, b) => a - b),
            99,
          ).toFixed(2),
        ),
      ]),
    );
    const deepest = performance.now();
    const last = await list(CORP, { page: Math.ceil(N / 20), pageSize: 20 });
    const deepestMs = performance.now() - deepest;
    const p99 = pct(times, 99);
    console.log(
      JSON.stringify({
        bench: 'campaigns',
        db: DB_KIND,
        campaigns: N,
        timed: TIMED,
        p50: Number(pct(times, 50).toFixed(3)),
        p99: Number(p99.toFixed(3)),
        max: Number((times.at(-1) ?? 0).toFixed(3)),
        p99By,
        lastPageMs: Number(deepestMs.toFixed(3)),
        lastPageTotal: last.total,
        avgRows: Number((rows / TIMED).toFixed(1)),
        targetMet: p99 <= 50,
        seedSeconds: Number(seedSeconds.toFixed(1)),
      }),
    );
  } finally {
    await database.close();
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
