import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db';
import { DEFAULT_RISK_RULES } from '../apps/server/src/modules/risk/default-ruleset';
import { enforceRules } from '../apps/server/src/testing/risk';

/**
 * bench:draw on a risk-checked campaign (BENCH_RISK=none|default, used by bench:risk): the bench activity's
 * group has rocc on, so every draw is decided by the risk engine; `default` enforces the shipped default
 * ruleset (modules/risk/default-ruleset.ts) before the server starts. Each user draws from an address of its
 * own (X-Forwarded-For through TRUST_PROXY=127.0.0.1), as customers do, not all from 127.0.0.1.
 */
export const BENCH_RISK = process.env.BENCH_RISK ?? '';

/** The server's environment for a risk-checked run. */
export const riskEnv = (): Record<string, string> => (BENCH_RISK ? { TRUST_PROXY: '127.0.0.1' } : {});

/** The bench campaign in a group with rocc on. */
export function riskYaml(yaml: string): string {
  if (!BENCH_RISK) return yaml;
  return `
groups:
  - { id: bench-grp, corp: demo, showActIds: [bench-wheel], rocc: 1 }
${yaml.replace('    type: wheel\n', '    type: wheel\n    group: bench-grp\n')}`;
}

/** User i's own address: a /24 of its own, so no address rule sees a crowd that is not there. */
export const forwardedFor = (i: number): Record<string, string> =>
  BENCH_RISK ? { 'x-forwarded-for': `${11 + (i % 100)}.${Math.floor(i / 100) % 256}.${Math.floor(i / 25_600)}.7` } : {};

/** Enforces the default ruleset in the bench database (none: nothing runs, the engine still decides). */
export async function enforceForBench(sqlitePath: string, pgUrl: string | null) {
  if (BENCH_RISK !== 'default') return;
  const database = openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl } : { kind: 'sqlite', path: sqlitePath });
  try {
    await enforceRules(database, 'demo', DEFAULT_RISK_RULES, Date.now());
  } finally {
    await database.close();
  }
}

/** The engine's decisions of the run, by action. */
export async function riskActions(sqlitePath: string, pgUrl: string | null) {
  if (!BENCH_RISK) return {};
  const q = 'select action, count(*) as n from risk_decision group by action';
  let rows: { action: string; n: unknown }[];
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    rows = (await c.query(q)).rows;
    await c.end();
  } else {
    const db = new Database(sqlitePath, { readonly: true });
    rows = db.prepare(q).all() as { action: string; n: unknown }[];
    db.close();
  }
  return { risk: Object.fromEntries(rows.map((r) => [r.action, Number(r.n)])) };
}
