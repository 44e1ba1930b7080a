import { type ReleaseSchedule, releasedUnits, releaseState } from '@campaign/contract/release-schedule';
import type { PacedStockPort, StockPace } from './stock-port';

// A prize released on a schedule (issue 37, ADR 0063), as every path that takes or shows its stock reads it:
// the draw, the offer's claim, the surplus and the offer's page.

/** The campaign's window, in epoch ms. */
export interface Window {
  startsAt: number;
  endsAt: number;
}

/** How a paced prize's stock may be taken at `now`: what its schedule has released so far. */
export function paceOf(r: ReleaseSchedule, total: number, w: Window, now: number): StockPace {
  const s = releaseState(r, w.startsAt, w.endsAt, now);
  if (r.rollover) return { kind: 'rollover', floor: total - releasedUnits(r, total, s) };
  return { kind: 'period', periodStart: s.periodStart ?? w.startsAt, units: s.releases > 0 ? r.units : 0 };
}

/**
 * A paced prize's stock as a customer meets it now: what is released and not drawn (`left`), and the next
 * release while units remain for it (null: none comes, or nothing is left for one).
 */
export async function pacedLeftNow(
  port: PacedStockPort,
  key: { corpId: string; actId: string; prizeId: string },
  r: ReleaseSchedule,
  stock: { total: number; left: number },
  w: Window,
  now: number,
): Promise<{ left: number; nextReleaseAt: number | null }> {
  const state = releaseState(r, w.startsAt, w.endsAt, now);
  const nextReleaseAt = stock.left > 0 ? state.nextAt : null;
  const pace = paceOf(r, stock.total, w, now);
  if (pace.kind === 'rollover') return { left: Math.max(0, stock.left - pace.floor), nextReleaseAt };
  const taken = pace.units > 0 ? await port.periodTaken(key.corpId, key.actId, key.prizeId, pace.periodStart) : 0;
  return { left: Math.max(0, Math.min(stock.left, pace.units - taken)), nextReleaseAt };
}
