import type { ApprovalPolicy, CorpSettings } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { Acting, SettingsDeps } from './deps';
import { getSettings } from './get-settings';
import { activeApprovers, policyOf } from './policy-of';
import * as repo from './repo';

/** N of M: never more approvals than the corp has active approvers; the tier above a budget asks for more. */
export async function setApprovalPolicy(
  deps: SettingsDeps,
  acting: Acting,
  corp: Corp,
  next: ApprovalPolicy,
): Promise<CorpSettings> {
  const m = await activeApprovers(deps, corp.id);
  const invalid = (zh: string, en: string) => new AppError('CONSOLE_POLICY_INVALID', { 'zh-CN': zh, 'en-US': en });
  if (next.required > m)
    throw invalid(
      `需 ${next.required} 人审批，但本机构只有 ${m} 名在岗审批人`,
      `${next.required} approvals needed but the corp has ${m} active approvers`,
    );
  if (next.above && next.above.required <= next.required)
    throw invalid('超出预算时的审批人数须多于常规审批人数', 'the tier above the budget must need more approvers');
  if (next.above && next.above.required > m)
    throw invalid(
      `超出预算时需 ${next.above.required} 人审批，但本机构只有 ${m} 名在岗审批人`,
      `${next.above.required} approvals needed above the budget but the corp has ${m} active approvers`,
    );
  const before = await policyOf(deps, corp.id);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (tx) => {
    await repo.savePolicy(own('settings', tx), corp.id, {
      required: next.required,
      aboveBudgetCents: next.above?.budgetCents ?? null,
      aboveRequired: next.above?.required ?? null,
      now,
      by: acting.actor.id,
    });
    await deps.audit.append(handOver(tx), {
      corpId: corp.id,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'settings.approval-policy',
      subject: corp.id,
      before,
      after: next,
    });
  });
  return getSettings(deps, corp);
}
