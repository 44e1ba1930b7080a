/**
 * The report of `npm run test:nodes` (bench/nodes.ts): per fault, what the customers saw.
 */
import pg from 'pg';
import type { Attempt, Outcome } from './nodes-customers';

export interface Fault {
  name: string;
  startMs: number;
  /** When the cause ended (the database back, the node resumed); for kill -9 and the restart, the start. */
  clearedMs: number;
  endMs: number;
}

/** What customers saw from the fault's start to the next fault's. */
export function summarize(f: Fault, attempts: Attempt[]) {
  // An exchange counts where it ended: one in flight when the next fault struck is that fault's.
  const mine = attempts.filter((a) => a.endMs >= f.startMs && a.endMs < f.endMs);
  const count = (o: Outcome) => mine.filter((a) => a.outcome === o).length;
  const firstDrawnAfterClear = mine
    .filter((a) => a.outcome === 'drawn' && a.startMs >= f.clearedMs)
    .reduce((m, a) => Math.min(m, a.endMs), Number.POSITIVE_INFINITY);
  // The longest stretch in the window in which no draw was answered.
  const drawnAt = attempts
    .filter((a) => a.outcome === 'drawn' && a.endMs >= f.startMs && a.endMs < f.endMs)
    .map((a) => a.endMs)
    .sort((a, b) => a - b);
  let longestGap = 0;
  let gapAt = 0;
  let prev = f.startMs;
  for (const t of [...drawnAt, f.endMs]) {
    if (t - prev > longestGap) {
      longestGap = t - prev;
      gapAt = prev - f.startMs;
    }
    prev = Math.max(prev, t);
  }
  const statuses: Record<string, number> = {};
  for (const a of mine) if (a.outcome === '5xx') statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    fault: f.name,
    seconds: Math.round((f.endMs - f.startMs) / 100) / 10,
    requests: mine.length,
    drawn: count('drawn'),
    '5xx': count('5xx'),
    '429': count('429'),
    '409': count('409'),
    resets: count('reset'),
    timeouts: count('timeout'),
    drawsAgainAfterMs: Number.isFinite(firstDrawnAfterClear) ? firstDrawnAfterClear - f.clearedMs : null,
    longestWithoutDrawMs: longestGap,
    longestFromMs: gapAt,
    statuses5xx: statuses,
  };
}

export type FaultSummary = ReturnType<typeof summarize>;

/** The per-fault table, as docs/operations.md shows it. */
export function faultTable(perFault: FaultSummary[]): string {
  return [
    '',
    '| fault | requests | 5xx | 429 | resets | timeouts | draws again after | longest without a draw |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...perFault.map(
      (f) =>
        `| ${f.fault} | ${f.requests} | ${f['5xx']} | ${f['429']} | ${f.resets} | ${f.timeouts} | ${f.drawsAgainAfterMs ?? '—'} ms | ${f.longestWithoutDrawMs} ms |`,
    ),
    '',
  ].join('\n');
}

/** What the database holds of the run's draws: every acknowledged one once, no position or award twice, the stock. */
export async function auditDraws(directUrl: string, acknowledged: Map<string, string>) {
  const db = new pg.Client({ connectionString: directUrl });
  await db.connect();
  const stored = await db.query<{ idem_key: string; id: string }>(
    "select idem_key, id from draw where act_id = 'nodes-wheel'",
  );
  const byKey = new Map<string, string[]>();
  for (const r of stored.rows) byKey.set(r.idem_key, [...(byKey.get(r.idem_key) ?? []), r.id]);
  const lost = [...acknowledged].filter(([key, id]) => !byKey.get(key)?.includes(id)).length;
  const twice = [...byKey.values()].filter((ids) => ids.length > 1).length;
  const positions = await db.query<{ n: string }>(
    "select count(*) n from (select user_id, draw_index from draw where act_id = 'nodes-wheel' group by user_id, draw_index having count(*) > 1) d",
  );
  const hot = await db.query<{ issued: string; left: number }>(
    "select (select count(*) from award where act_id = 'nodes-wheel' and prize_id = 'hot') issued, (select left_stock + coalesce((select sum(left_stock) from prize_stock_bucket where act_id = 'nodes-wheel' and prize_id = 'hot'), 0) from prize where act_id = 'nodes-wheel' and id = 'hot') \"left\"",
  );
  const awardsPerDraw = await db.query<{ n: string }>(
    "select count(*) n from (select draw_id from award where act_id = 'nodes-wheel' group by draw_id having count(*) > 1) a",
  );
  await db.end();
  const issued = Number(hot.rows[0]?.issued);
  const left = Number(hot.rows[0]?.left);
  return {
    stored: stored.rowCount ?? 0,
    lost,
    twice,
    positionsTwice: Number(positions.rows[0]?.n),
    awardsTwice: Number(awardsPerDraw.rows[0]?.n),
    issued,
    left,
  };
}
