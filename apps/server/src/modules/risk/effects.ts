import { own, type PortTx } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import { applyImport } from './import-apply';
import type { Subject } from './ports';
import * as repo from './repo';
import { applyReversal, dropReversal } from './reversal-apply';
import { forget } from './state';

/** How long an upheld appeal keeps the rules that refused the customer off them. */
export const APPEAL_SNOOZE_DAYS = 30;

/**
 * What a second person's decision does, in the decision's transaction (approvals' effects): a ruleset request
 * approved makes the version act (canary or enforce; the version acting so before steps down to off), rejected
 * lets it ask again; an appeal upheld snoozes the rules that refused the customer and labels the decision a
 * false positive, an appeal turned down labels it confirmed (the shadow report's precision); an import approved
 * lists its rows; a reversal approved undoes a reviewer's decision (ADR 0393).
 */
export function riskEffects(deps: RiskDeps) {
  return {
    'risk-ruleset': {
      async approved(tx: PortTx, r: Subject, _by: string, now: number) {
        const db = own('risk', tx);
        const p = JSON.parse(r.payload ?? '{}') as {
          mode?: 'canary' | 'enforce';
          canaryPct?: number | null;
          hash?: string;
        };
        const row = await repo.ruleset(db, r.corpId, r.subject);
        // The version approved is the one the approver saw: a hash that moved since is refused, never applied.
        if (!row || !p.mode || row.hash !== p.hash) throw new AppError('RISK_RULESET_STATE');
        await repo.retireOthers(db, r.corpId, r.subject, p.mode, now);
        if (p.mode === 'enforce') await repo.retireOthers(db, r.corpId, r.subject, 'canary', now);
        const moved = await repo.setMode(db, r.corpId, r.subject, ['shadow', 'canary'], {
          mode: p.mode,
          canary_pct: p.mode === 'canary' ? (p.canaryPct ?? 10) : null,
          now,
        });
        if (!moved) throw new AppError('RISK_RULESET_STATE');
        await db.updateTable('risk_ruleset').set({ pending_request: null }).where('id', '=', r.subject).execute();
        forget(deps, r.corpId);
      },
      async rejected(tx: PortTx, r: Subject) {
        await own('risk', tx)
          .updateTable('risk_ruleset')
          .set({ pending_request: null })
          .where('corp_id', '=', r.corpId)
          .where('id', '=', r.subject)
          .execute();
      },
    },
    'risk-appeal': {
      async approved(tx: PortTx, r: Subject, by: string, now: number) {
        const db = own('risk', tx);
        const d = await repo.decision(db, r.corpId, r.subject);
        if (!d) return;
        for (const rule of JSON.parse(d.matched) as string[]) {
          await repo.snooze(db, {
            corp_id: r.corpId,
            user_id: d.user_id,
            rule_id: rule,
            reason: '申诉成立',
            created_by: by,
            expires_at: now + APPEAL_SNOOZE_DAYS * 86_400_000,
          });
        }
        await repo.labelDecision(db, r.corpId, d.id, 'false_positive');
        forget(deps, r.corpId);
      },
      async rejected(tx: PortTx, r: Subject) {
        await repo.labelDecision(own('risk', tx), r.corpId, r.subject, 'confirmed');
      },
    },
    'risk-list-import': {
      approved: (tx: PortTx, r: Subject, by: string, now: number, byName?: string) =>
        applyImport(deps, tx, r, by, now, byName),
    },
    'risk-reversal': {
      approved: (tx: PortTx, r: Subject, by: string, now: number) => applyReversal(deps, tx, r, by, now),
      rejected: (tx: PortTx, r: Subject) => dropReversal(tx, r),
    },
  };
}

/** The decision a risk hold's request names in its payload (approvals hold-prize.ts), if it is one. */
const holdDecision = (payload: string | null) =>
  (JSON.parse(payload ?? '{}') as { riskDecision?: string }).riskDecision;

/**
 * A reviewer's verdict on a risk-held prize labels the decision that held it (the shadow report's precision):
 * released, a false positive; returned, confirmed. Run after the prizes' own effect, in the same transaction.
 */
export async function labelHold(tx: PortTx, r: Subject, released: boolean) {
  const id = holdDecision(r.payload);
  if (id) await repo.labelDecision(own('risk', tx), r.corpId, id, released ? 'false_positive' : 'confirmed');
}
