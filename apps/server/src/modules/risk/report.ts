import type { RiskAction, RiskReport, RiskRule } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as repo from './repo';
import { summaryOf } from './view';

type Row = Awaited<ReturnType<typeof repo.decisionsOf>>[number];
interface Judged {
  action: RiskAction;
  matched: string[];
}

/** What this version did (or would have done) on one stored decision. */
function judgedBy(row: Row, id: string): Judged | null {
  if (row.ruleset_id === id) return { action: row.action, matched: JSON.parse(row.matched) as string[] };
  const shadow = (JSON.parse(row.shadow) as { id: string; action: RiskAction; matched: string[] }[]).find(
    (s) => s.id === id,
  );
  return shadow ? { action: shadow.action, matched: shadow.matched } : null;
}

const withholds = (a: RiskAction) => a === 'block' || a === 'hold';

/**
 * A version's shadow report (issue 35): over every decision it judged, per rule the hits, the customers, the
 * overlap with what the enforced version did, the prize value a hold or block would have withheld, and the
 * precision against reviewers' labels (confirmed vs false positive).
 */
export async function shadowReport(deps: RiskDeps, corpId: string, id: string): Promise<RiskReport> {
  const db = deps.database.db;
  const row = await repo.ruleset(db, corpId, id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  const all = await repo.rulesets(db, corpId);
  const enforced = all.find((r) => r.mode === 'enforce' && r.id !== id) ?? null;
  const names = await deps.staff.names(corpId, [...new Set([row.created_by, enforced?.created_by ?? row.created_by])]);
  const rules = JSON.parse(row.rules) as RiskRule[];
  const per = new Map(
    rules.map((r) => [r.id, { hits: 0, users: new Set<string>(), overlap: 0, withheld: 0, reviewed: 0, confirmed: 0 }]),
  );
  const actionOf = new Map(rules.map((r) => [r.id, r.action]));
  const users = new Set<string>();
  let decisions = 0;
  let differs = 0;
  for (const d of await repo.decisionsOf(db, corpId, id)) {
    const mine = judgedBy(d, id);
    if (!mine) continue;
    decisions++;
    users.add(d.user_id);
    // What another version (the enforced one, or none) did on this decision; nothing when this one acted.
    const other = d.ruleset_id === id ? null : d.action;
    if (other !== null && mine.action !== other) differs++;
    for (const ruleId of mine.matched) {
      const s = per.get(ruleId);
      if (!s) continue;
      s.hits++;
      s.users.add(d.user_id);
      if (other !== null && withholds(other)) s.overlap++;
      if (withholds(actionOf.get(ruleId) ?? 'allow')) s.withheld += Number(d.value_cents ?? 0);
      if (d.label) {
        s.reviewed++;
        if (d.label === 'confirmed') s.confirmed++;
      }
    }
  }
  return {
    ruleset: summaryOf(row, names),
    decisions,
    customers: users.size,
    differs,
    enforced: enforced ? summaryOf(enforced, names) : null,
    rules: rules.map((r) => {
      const s = per.get(r.id);
      return {
        ruleId: r.id,
        name: r.name,
        action: r.action,
        hits: s?.hits ?? 0,
        customers: s?.users.size ?? 0,
        overlap: s?.overlap ?? 0,
        withheldCents: s?.withheld ?? 0,
        reviewed: s?.reviewed ?? 0,
        precision: s && s.reviewed > 0 ? s.confirmed / s.reviewed : null,
      };
    }),
  };
}
