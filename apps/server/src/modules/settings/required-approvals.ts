import type { SettingsDeps } from './deps';
import { policyOf } from './policy-of';

/** The policy a campaign change needs (modules that approve read it): distinct approvers for a budget. */
export async function requiredApprovals(deps: SettingsDeps, corpId: string, budgetCents: number): Promise<number> {
  const p = await policyOf(deps, corpId);
  return p.above && budgetCents > p.above.budgetCents ? p.above.required : p.required;
}
