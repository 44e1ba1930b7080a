import type { RiskRule } from '@campaign/contract';
import { isUniqueViolation } from '../../db/errors';
import { handOver, own } from '../../db/owners';
import type { AuditActor } from '../../platform/audit-port';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { problemOf } from './cel';
import type { RiskDeps } from './context';
import * as repo from './repo';
import { detailOf, rulesHash } from './view';

export interface Acting {
  actor: AuditActor;
  ip: string;
}

export interface Input {
  id?: string;
  basedOn?: string;
  name: string;
  note: string;
  rules: RiskRule[];
}

/** Every rule's problem, keyed like the envelope's fields (`rules.2.expr`); a rule id given twice too. */
function problems(rules: readonly RiskRule[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (seen.has(r.id)) fields[`rules.${i}.id`] = '规则编号重复';
    seen.add(r.id);
    const p = problemOf(r.expr);
    if (p) fields[`rules.${i}.expr`] = p;
  });
  return fields;
}

/**
 * A draft saved: a new version (from another when `basedOn`), or a draft saved again. A version that has
 * run is never changed (its hash is on decisions); each rule is compiled first. Audited with the change.
 */
export async function saveRuleset(deps: RiskDeps, acting: Acting, corpId: string, input: Input) {
  const fields = problems(input.rules);
  if (Object.keys(fields).length > 0) throw new AppError('RISK_RULE_INVALID', undefined, { fields });
  const now = deps.clock();
  const hash = rulesHash(input.rules);
  const rules = JSON.stringify(input.rules);
  // Two new drafts at once may pick the same version number: the loser numbers itself again.
  for (let attempt = 0; ; attempt++) {
    try {
      return await saveOnce(deps, acting, corpId, input, { now, hash, rules });
    } catch (err) {
      if (!isUniqueViolation(err) || input.id || attempt >= 5) throw err;
    }
  }
}

async function saveOnce(
  deps: RiskDeps,
  acting: Acting,
  corpId: string,
  input: Input,
  { now, hash, rules }: { now: number; hash: string; rules: string },
) {
  const id = await deps.database.db.transaction().execute(async (tx) => {
    const db = own('risk', tx);
    let savedId = input.id;
    if (savedId) {
      const before = await repo.ruleset(db, corpId, savedId);
      if (!before) throw new AppError('RISK_RULESET_NOT_FOUND');
      if (
        !(await repo.updateDraft(db, corpId, savedId, {
          name: input.name,
          note: input.note,
          rules,
          hash,
          updated_at: now,
        }))
      ) {
        throw new AppError('RISK_RULESET_LOCKED');
      }
    } else {
      const base = input.basedOn ? await repo.ruleset(db, corpId, input.basedOn) : undefined;
      if (input.basedOn && !base) throw new AppError('RISK_RULESET_NOT_FOUND');
      savedId = newSortableId(now);
      await repo.insertRuleset(db, {
        id: savedId,
        corp_id: corpId,
        version: await repo.nextVersion(db, corpId),
        name: input.name,
        note: input.note,
        rules,
        hash,
        mode: 'draft',
        canary_pct: null,
        based_on: base?.version ?? null,
        created_by: acting.actor.id,
        created_at: now,
        updated_at: now,
        ran_at: null,
        pending_request: null,
      });
    }
    await deps.audit.append(handOver(tx), {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'risk.ruleset.save',
      subject: savedId,
      after: { name: input.name, hash, rules: input.rules.length },
    });
    return savedId;
  });
  const row = await repo.ruleset(deps.database.db, corpId, id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  return detailOf(row, await deps.staff.names(corpId, [row.created_by]));
}
