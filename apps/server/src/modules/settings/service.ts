import type { ApprovalPolicy, CorpSettings } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { type Corp, campaignsHaltState, setCampaignsHalted } from '../../platform/tenancy';
import type { HaltCachePort, SsoSummaryPort, StaffNamesPort } from './ports';
import * as repo from './repo';

export interface Acting {
  actor: AuditActor;
  ip: string | null;
}

const DEFAULT_POLICY: ApprovalPolicy = { required: 1, above: null };

/**
 * A corp's console settings: the approval policy (N of the corp's M approvers, more above a budget) and
 * the kill switch (docs/decisions/0332-kill-switch.md). Each change is audited in its own transaction.
 */
export function createSettingsService(
  deps: ServiceDeps<'settings'> & {
    audit: AuditPort;
    sso: SsoSummaryPort;
    halts: HaltCachePort;
    staff: StaffNamesPort;
  },
) {
  const db = deps.database.db;
  const { clock, audit } = deps;

  async function policyOf(corpId: string): Promise<ApprovalPolicy> {
    const r = await repo.settings(db, corpId);
    if (!r) return DEFAULT_POLICY;
    return {
      required: r.approvals_required,
      above:
        r.above_budget_cents !== null && r.above_required !== null
          ? { budgetCents: Number(r.above_budget_cents), required: r.above_required }
          : null,
    };
  }

  async function approvers(corpId: string): Promise<number> {
    const staff = await repo.activeStaff(db, corpId);
    return staff.filter((s) => (JSON.parse(s.roles) as string[]).includes('approver')).length;
  }

  async function get(corp: Corp): Promise<CorpSettings> {
    const [policy, m, halt, row, sso] = await Promise.all([
      policyOf(corp.id),
      approvers(corp.id),
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

  return {
    get,

    /** The policy a campaign change needs (modules that approve read it): distinct approvers for a budget. */
    async requiredApprovals(corpId: string, budgetCents: number): Promise<number> {
      const p = await policyOf(corpId);
      return p.above && budgetCents > p.above.budgetCents ? p.above.required : p.required;
    },
    policyOf,

    /** N of M: never more approvals than the corp has active approvers; the tier above a budget asks for more. */
    async setApprovalPolicy(acting: Acting, corp: Corp, next: ApprovalPolicy): Promise<CorpSettings> {
      const m = await approvers(corp.id);
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
      const before = await policyOf(corp.id);
      const now = clock();
      await db.transaction().execute(async (tx) => {
        await repo.savePolicy(own('settings', tx), corp.id, {
          required: next.required,
          aboveBudgetCents: next.above?.budgetCents ?? null,
          aboveRequired: next.above?.required ?? null,
          now,
          by: acting.actor.id,
        });
        await audit.append(handOver(tx), {
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
      return get(corp);
    },

    /**
     * The kill switch: on, every draw, offer claim and task of the corp is refused as paused within about a
     * second on every node (each reads the switch at most once a second; this node forgets its copy now).
     */
    async setKillSwitch(
      acting: Acting,
      corp: Corp,
      input: { halted: boolean; reason?: string; confirmCorpId: string },
    ): Promise<CorpSettings> {
      const reason = input.reason?.trim() ?? '';
      if (input.confirmCorpId !== corp.id || (input.halted && reason.length < 2)) {
        throw new AppError('CONSOLE_KILL_SWITCH_CONFIRM');
      }
      const before = await campaignsHaltState(db, corp.id);
      if (before && before.halted === input.halted) return get(corp);
      const now = clock();
      const next = input.halted
        ? { halted: true, reason, at: now, by: acting.actor.id }
        : { halted: false, reason: null, at: now, by: acting.actor.id };
      await db.transaction().execute(async (tx) => {
        await setCampaignsHalted(tx, corp.id, next);
        await audit.append(handOver(tx), {
          corpId: corp.id,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: 'settings.kill-switch',
          subject: corp.id,
          before: { halted: before?.halted ?? false, reason: before?.reason ?? null },
          after: { halted: next.halted, reason: next.reason },
        });
      });
      deps.halts.forget(corp.id);
      return get(corp);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
