import type { Dashboard } from '@campaign/contract';
import { buildDashboard, type DayRange } from './dashboard';
import type { StatsParts } from './deps';

/** The numbers as of the last fold plus whatever is waiting now. */
export async function readDashboard(
  p: StatsParts,
  corpId: string,
  actId?: string,
  range?: DayRange,
): Promise<Dashboard> {
  await p.sink.flush();
  await p.folding.foldIfStale(p.freshMs);
  return buildDashboard(p.db, p.deps.catalog, { corpId, actId, range }, p.deps.clock());
}
