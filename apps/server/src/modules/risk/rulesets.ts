import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import { FEATURE_DOCS } from './features';
import * as repo from './repo';
import { detailOf, summaryOf } from './view';

/** The corp's versions, newest first, and the features a rule can read. */
export async function listRulesets(deps: RiskDeps, corpId: string) {
  const rows = await repo.rulesets(deps.database.db, corpId);
  const names = await deps.staff.names(corpId, [...new Set(rows.map((r) => r.created_by))]);
  return { items: rows.map((r) => summaryOf(r, names)), features: FEATURE_DOCS };
}

export async function rulesetDetail(deps: RiskDeps, corpId: string, id: string) {
  const row = await repo.ruleset(deps.database.db, corpId, id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  return detailOf(row, await deps.staff.names(corpId, [row.created_by]));
}
