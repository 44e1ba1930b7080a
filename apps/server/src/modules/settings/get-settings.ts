import type { CorpSettings } from '@campaign/contract';
import { type Corp, campaignsHaltState } from '../../platform/tenancy';
import type { SettingsDeps } from './deps';
import { activeApprovers, policyOf } from './policy-of';
import * as repo from './repo';

/** The corp's console settings: the approval policy, the kill switch, SSO, and who changed them last. */
export async function getSettings(deps: SettingsDeps, corp: Corp): Promise<CorpSettings> {
  const db = deps.database.db;
  const [policy, m, halt, row, sso] = await Promise.all([
    policyOf(deps, corp.id),
    activeApprovers(deps, corp.id),
    campaignsHaltState(db, corp.id),
    repo.settings(db, corp.id),
    deps.sso.ssoSummary(corp.id),
  ]);
  const ids = [halt?.by, row?.updated_by].filter((id): id is string => typeof id === 'string');
  const names = await deps.staff.names(corp.id, ids);
  const who = (id: string | null | undefined) => (id ? { id, name: names.get(id) ?? id } : null);
  return {
    corpId: corp.id,
    corpName: corp.name,
    approvalPolicy: policy,
    approvers: m,
    killSwitch: {
      halted: halt?.halted ?? false,
      reason: halt?.reason ?? null,
      at: halt?.at ?? null,
      by: who(halt?.by),
    },
    sso,
    updatedAt: row?.updated_at == null ? null : Number(row.updated_at),
    updatedBy: who(row?.updated_by),
  };
}
