import type { SettingsDeps } from './deps';
import { getSettings } from './get-settings';
import { policyOf } from './policy-of';
import { requiredApprovals } from './required-approvals';
import { setApprovalPolicy } from './set-approval-policy';
import { setKillSwitch } from './set-kill-switch';

export type { Acting, SettingsDeps } from './deps';

/**
 * A corp's console settings: the approval policy (N of the corp's M approvers, more above a budget) and
 * the kill switch (docs/decisions/0332-kill-switch.md). Each change is audited in its own transaction.
 * One use case per file; this only binds them to the module's deps.
 */
export function createSettingsService(deps: SettingsDeps) {
  return {
    get: getSettings.bind(null, deps),
    requiredApprovals: requiredApprovals.bind(null, deps),
    policyOf: policyOf.bind(null, deps),
    setApprovalPolicy: setApprovalPolicy.bind(null, deps),
    setKillSwitch: setKillSwitch.bind(null, deps),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
