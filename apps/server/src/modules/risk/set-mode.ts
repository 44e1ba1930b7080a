import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as repo from './repo';
import type { Acting } from './save-ruleset';
import { forget } from './state';
import { summaryOf } from './view';

/**
 * Shadow or off, straight from the console (neither acts on a customer). A version in shadow is run on all
 * traffic and logged; off stops it. Canary and enforce only through a second person (request-acting.ts).
 */
export async function setMode(deps: RiskDeps, acting: Acting, corpId: string, id: string, mode: 'off' | 'shadow') {
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (tx) => {
    const db = own('risk', tx);
    const before = await repo.ruleset(db, corpId, id);
    if (!before) throw new AppError('RISK_RULESET_NOT_FOUND');
    const from = mode === 'shadow' ? (['draft', 'off'] as const) : (['draft', 'shadow', 'canary', 'enforce'] as const);
    if (!(await repo.setMode(db, corpId, id, from, { mode, canary_pct: null, now }))) {
      throw new AppError('RISK_RULESET_STATE');
    }
    await deps.audit.append(handOver(tx), {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'risk.ruleset.mode',
      subject: id,
      before: { mode: before.mode },
      after: { mode },
    });
  });
  forget(deps, corpId);
  const row = await repo.ruleset(deps.database.db, corpId, id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  return summaryOf(row, await deps.staff.names(corpId, [row.created_by]));
}
