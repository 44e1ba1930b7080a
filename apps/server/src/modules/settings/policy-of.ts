import type { ApprovalPolicy } from '@campaign/contract';
import type { SettingsDeps } from './deps';
import * as repo from './repo';

const DEFAULT_POLICY: ApprovalPolicy = { required: 1, above: null };

/** The corp's approval policy: N of its approvers, more above a budget (the default when never set). */
export async function policyOf(deps: SettingsDeps, corpId: string): Promise<ApprovalPolicy> {
  const r = await repo.settings(deps.database.db, corpId);
  if (!r) return DEFAULT_POLICY;
  return {
    required: r.approvals_required,
    above:
      r.above_budget_cents !== null && r.above_required !== null
        ? { budgetCents: Number(r.above_budget_cents), required: r.above_required }
        : null,
  };
}

/** How many of the corp's active staff may approve. */
export async function activeApprovers(deps: SettingsDeps, corpId: string): Promise<number> {
  const staff = await repo.activeStaff(deps.database.db, corpId);
  return staff.filter((s) => (JSON.parse(s.roles) as string[]).includes('approver')).length;
}
