/**
 * `npm run bench:export [-- --db sqlite|pg] [--rows N]`: the winners export of a campaign with 1,000,000 awards
 * (default), written as CSV and as XLSX the way an export job writes it (modules/reports: keyset pages through
 * the owners' views, masked, streamed to a file). Seeds the awards (and 10,000 customers, for the masked
 * mobile's join) in the database with one SQL statement, then times each format and samples the process's
 * resident memory every 20 ms. Prints a line per format and ONE JSON line. On PostgreSQL it uses a private
 * schema in TEST_DATABASE_URL (as the tests do) and drops it afterwards.
 */
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseDefinition } from '../apps/server/src/cli/definition';
import { applyDefinition } from '../apps/server/src/cli/import';
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

    const results: Record<string, { rows: number; seconds: number; peakRssMb: number; fileMb: number }> = {};
    for (const format of ['csv', 'xlsx'] as const) {
      global.gc?.();
      const path = join(tmpdir(), `bench-export-${process.pid}.${format}`);
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t0 = performance.now();
      const { rows } = await services.reports.writeExport(
        'winners',
        { corpId: 'demo', actId: 'bench-export' },
        format,
        false,
        path,
      );
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const fileMb = statSync(path).size / 1_048_576;
      rmSync(path, { force: true });
      results[format] = {
        rows,
        seconds: Number(seconds.toFixed(2)),
        peakRssMb: Math.round(peak / 1_048_576),
        fileMb: Number(fileMb.toFixed(1)),
      };
      const r = results[format];
      console.log(
        `${format.toUpperCase()}: ${r.rows.toLocaleString('en')} rows in ${r.seconds} s (${Math.round(r.rows / r.seconds).toLocaleString('en')} rows/s), peak RSS ${r.peakRssMb} MB, file ${r.fileMb} MB`,
      );
    }
    console.log(JSON.stringify({ bench: 'export', db: KIND, rows: N, seedMs, ...results }));
  } finally {
    await drop();
  }
}

await main();
