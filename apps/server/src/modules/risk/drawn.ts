import type { RiskDeps } from './context';
import * as repo from './repo';

/** The draw a decision let through, and the value it drew (the report's value withheld). */
export async function drawn(deps: RiskDeps, corpId: string, decisionId: string, drawId: string, valueCents: number) {
  await repo.decisionDrawn(deps.database.db, corpId, decisionId, drawId, valueCents);
}

/** The decision behind a draw, for its public proof: id, ruleset hash and action; null when none was made. */
export async function decisionOfDraw(deps: RiskDeps, corpId: string, drawId: string) {
  const d = await repo.decisionOfDraw(deps.database.db, corpId, drawId);
  return d ? { decisionId: d.id, rulesetHash: d.ruleset_hash, action: d.action } : null;
}
