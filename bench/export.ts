/**
 * `npm run bench:export [-- --db sqlite|pg] [--rows N]`: the winners export of a campaign with 1,000,000 awards
 * (default), written as CSV and as XLSX the way an export job writes it (modules/reports: keyset pages through
 * the owners' views, masked, streamed to a file). Seeds the awards (and 10,000 customers, for the masked
 * mobile's join) in the database with one SQL statement. Each format is then written as a job writes it, by
 * an export process of its own (reports/export-process.ts), which reports its peak resident memory (`VmHWM`,
 * the kernel's high-water mark); the asking process's growth is printed too. Target: 1,000,000 rows in ≤ 10 s
 * at ≤ 200 MB. Prints a line per format and ONE JSON line. On PostgreSQL it uses a private schema in
 * TEST_DATABASE_URL (as the tests do) and drops it afterwards.
 */
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseDefinition } from '../apps/server/src/campaign-file/definition';
import { applyDefinition } from '../apps/server/src/campaign-file/import';
import { testConfig } from '../apps/server/src/config';
import { createServices } from '../apps/server/src/services';
import { freshDatabase, seedDemoInto } from '../apps/server/src/testing/harness';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : dflt;
};
const KIND = opt('db', 'sqlite') === 'pg' ? 'postgres' : 'sqlite';
const N = Number(opt('rows', '1000000'));
const USERS = 10_000;
const NOW = Date.UTC(2026, 10, 22, 2);

const YAML = `
activities:
  - id: bench-export
    corp: demo
    type: wheel
    title: 导出压测
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 100 }
    rules: <p>规则</p>
    prizes:
      - { id: cpn, name: 十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: ${N}, valueCents: 1000 }
      - { id: none, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }
`;

interface Written {
  rows: number;
  seconds: number;
  /** The export process's peak resident memory (its kernel high-water mark). */
  peakRssMb: number;
  fileMb: number;
}

async function main() {
  const { database, drop } = await freshDatabase(KIND);
  try {
    await seedDemoInto(database, NOW);
    const services = createServices({ database, config: testConfig(), clock: () => NOW });
    await applyDefinition(database.db, services.publishing, parseDefinition(YAML, 'bench.yaml', NOW), NOW);
    const seedStart = performance.now();
    const pad = (expr: string, width: number) =>
      KIND === 'postgres' ? `lpad((${expr})::text, ${width}, '0')` : `printf('%0${width}d', ${expr})`;
    const series = (n: number) =>
      KIND === 'postgres'
        ? `generate_series(1, ${n}) as s(i)`
        : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) select i from s) s`;
    await sql
      .raw(
        `insert into app_user (id, corp_id, nuid, mobile, open_id, created_at, bank_linked_at)
         select 'u' || ${pad('i', 6)}, 'demo', 'n' || ${pad('i', 6)}, '137' || ${pad('i', 8)}, null, ${NOW}, null from ${series(USERS)}`,
      )
      .execute(database.db);
    await sql
      .raw(
        `insert into award (id, corp_id, act_id, draw_id, user_id, prize_id, kind, status, coupon_code, points, order_id, created_at, updated_at)
         select 'a' || ${pad('i', 12)}, 'demo', 'bench-export', 'd' || ${pad('i', 12)}, 'u' || ${pad(`1 + i % ${USERS}`, 6)},
                'cpn', 'coupon', 'issued', 'C' || ${pad('i', 12)} || 'X', null, null, ${NOW} + i, ${NOW} + i
         from ${series(N)}`,
      )
      .execute(database.db);
    if (KIND === 'postgres') await sql`analyze`.execute(database.db);
    const seedMs = Math.round(performance.now() - seedStart);
    const results: Record<string, Written> = {};
    const serverRss = process.memoryUsage().rss;
    for (const format of ['csv', 'xlsx'] as const) {
      const path = join(tmpdir(), `bench-export-${process.pid}.${format}`);
      const t0 = performance.now();
      const { rows, peakRssMb } = await services.reports.writeExport({
        kind: 'winners',
        scope: { corpId: 'demo', actId: 'bench-export' },
        format,
        unmasked: false,
        path,
        now: NOW,
      });
      const seconds = (performance.now() - t0) / 1000;
      const fileMb = statSync(path).size / 1_048_576;
      rmSync(path, { force: true });
      const r: Written = {
        rows,
        seconds: Number(seconds.toFixed(2)),
        peakRssMb: peakRssMb ?? -1,
        fileMb: Number(fileMb.toFixed(1)),
      };
      results[format] = r;
      console.log(
        `${format.toUpperCase()}: ${r.rows.toLocaleString('en')} rows in ${r.seconds} s (${Math.round(r.rows / r.seconds).toLocaleString('en')} rows/s), export process peak RSS ${r.peakRssMb} MB, file ${r.fileMb} MB`,
      );
    }
    // The process that asked (a server) does not grow: the export ran in its own.
    const askerGrowthMb = Math.round((process.memoryUsage().rss - serverRss) / 1_048_576);
    const targetMet = Object.values(results).every((r) => r.rows === N && r.seconds <= 10 && r.peakRssMb <= 200);
    console.log(JSON.stringify({ bench: 'export', db: KIND, rows: N, seedMs, ...results, askerGrowthMb, targetMet }));
  } finally {
    await drop();
  }
}

await main();
