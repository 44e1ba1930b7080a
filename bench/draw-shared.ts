import { existsSync, readFileSync } from 'node:fs';

/** What bench:draw and bench:draw-db share: the campaign they draw on, CPU accounting, PostgreSQL's waits. */

export const STOCK = 3000;

/**
 * Where the benches reach PostgreSQL (BENCH_PG_ADMIN_URL overrides): on one machine, its Unix socket when
 * there is one, as a single-machine deployment would (DATABASE_URL=postgres://user@%2Fvar%2Frun%2Fpostgresql/db):
 * a statement over loopback TCP cost Node and PostgreSQL about a third more CPU per draw (ADR 0052).
 */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ??
  (existsSync('/var/run/postgresql/.s.PGSQL.5432')
    ? 'postgres://postgres@%2Fvar%2Frun%2Fpostgresql/postgres'
    : 'postgres://postgres@127.0.0.1:5432/postgres');
/** How the bench reached PostgreSQL, for its JSON line. */
export const PG_VIA = PG_ADMIN_URL.includes('%2F') ? 'unix socket' : 'tcp';

/**
 * BENCH_PACED=1: the hot prize is released on a schedule (issue 37, ADR 0063), all of its stock at the start, so
 * the same units are drawable and only the paced path's cost differs (its stock stays on the prize row).
 */
export const PACED = Boolean(process.env.BENCH_PACED);
const release = PACED ? `, release: { every: hour, units: ${STOCK} }` : '';

export const BENCH_YAML = `
activities:
  - id: bench-wheel
    corp: demo
    type: wheel
    title: 压测转盘
    startsAt: now-1h
    endsAt: now+1d
    chances: { perDay: 100000 }
    rules: <p>bench</p>
    prizes:
      - { id: hot, name: 爆款券, kind: coupon, image: /prizes/coupon.svg, weight: 30, stock: ${STOCK}, valueCents: 100${release} }
      - { id: pts, name: 积分, kind: points, image: /prizes/points.svg, weight: 30, points: 5 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 40, consolation: true }
`;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * What each backend of the current database is doing: running ("cpu"), waiting for a lock (by kind), for
 * the client (idle in transaction: between two statements of a transaction), for the disk; the bench's own
 * connections (application_name bench-…) left out.
 */
export const PG_WAITS_SQL = `
  select case when state = 'active' and wait_event is null then 'cpu'
              when state like 'idle in transaction%' then 'idle in transaction'
              else coalesce(wait_event_type || ':' || wait_event, state) end as what
    from pg_stat_activity where datname = current_database() and application_name not like 'bench-%'`;

/** Counts of samples as shares of all, largest first. */
export function shares(counts: Map<string, number>): Record<string, number> {
  const total = [...counts.values()].reduce((s, n) => s + n, 0);
  return Object.fromEntries(
    [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, Number((n / Math.max(1, total)).toFixed(3))]),
  );
}
