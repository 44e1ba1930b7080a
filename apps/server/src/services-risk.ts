import type { ApprovalEffects } from './modules/approvals/ports';
import type { createApprovalsService } from './modules/approvals/service';
import { createRiskService } from './modules/risk/service';
import type { AlertsPort } from './platform/alerts-port';
import type { AuditPort } from './platform/audit-port';
import { createRiskCounters } from './platform/risk-counters';
import { type BaseDeps, depsOf } from './platform/services';
import type { StaffNamesPort } from './platform/staff-names-port';

/**
 * Risk controls (issue 35): the engine with its shared counters, its approval kinds' effects, and the reviewers'
 * verdicts on risk-held prizes labelling the decisions (the shadow report's precision). The prizes' own effect
 * on a held award (release or return its unit) runs first, unchanged.
 */
export function riskServiceOf(
  base: BaseDeps,
  ports: {
    audit: AuditPort;
    staff: StaffNamesPort;
    approvals: ReturnType<typeof createApprovalsService>;
    alerts: AlertsPort;
  },
  effects: ApprovalEffects,
) {
  const risk = createRiskService({
    ...depsOf('risk', base),
    counters: createRiskCounters(base.config, base.database),
    audit: ports.audit,
    staff: ports.staff,
    approvals: { request: (r) => ports.approvals.request(r) },
    failOpen: new Map(),
    alerts: ports.alerts,
    spikes: new Map(),
    replays: new Set(),
  });
  effects['risk-ruleset'] = risk.effects['risk-ruleset'];
  effects['risk-appeal'] = risk.effects['risk-appeal'];
  const held = effects['prize-award'];
  effects['prize-award'] = {
    ...held,
    async approved(tx, request, by, now) {
      await held?.approved?.(tx, request, by, now);
      await risk.labelHold(tx, request, true);
    },
    async rejected(tx, request, by, now) {
      await held?.rejected?.(tx, request, by, now);
      await risk.labelHold(tx, request, false);
    },
  };
  return risk;
}
