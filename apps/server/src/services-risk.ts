import type { ApprovalEffects } from './modules/approvals/ports';
import type { createApprovalsService } from './modules/approvals/service';
import type { HeldAwardsPort } from './modules/risk/ports';
import { createRiskService } from './modules/risk/service';
import type { AlertsPort } from './platform/alerts-port';
import type { AuditPort } from './platform/audit-port';
import { createRiskCounters } from './platform/risk-counters';
import type { BankRiskEngine, RiskEnginePort } from './platform/risk-port';
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
    bank?: BankRiskEngine;
    awards?: HeldAwardsPort;
  },
  effects: ApprovalEffects,
) {
  const risk = createRiskService({
    ...depsOf('risk', base),
    counters: createRiskCounters(base.config, base.database),
    audit: ports.audit,
    staff: ports.staff,
    approvals: {
      request: (r) => ports.approvals.request(r),
      decidedCase: (corpId, id) => ports.approvals.decidedCase(corpId, id),
    },
    awards: ports.awards,
    failOpen: new Map(),
    alerts: ports.alerts,
    spikes: new Map(),
    raised: new Set(),
    ...(ports.bank ? { bank: ports.bank } : {}),
    replays: new Set(),
  });
  effects['risk-ruleset'] = risk.effects['risk-ruleset'];
  effects['risk-appeal'] = risk.effects['risk-appeal'];
  effects['risk-list-import'] = risk.effects['risk-list-import'];
  effects['risk-reversal'] = risk.effects['risk-reversal'];
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

/** The engine for a service made before it (the orders, made with the prizes): each call reaches the engine then. */
export function lateEngine(engine: () => RiskEnginePort): RiskEnginePort {
  return {
    decide: (a, preset) => engine().decide(a, preset),
    store: (v) => engine().store(v),
    record: (x, v, drawId, valueCents) => engine().record(x, v, drawId, valueCents),
    decisionOfDraw: (corpId, drawId) => engine().decisionOfDraw(corpId, drawId),
  };
}
