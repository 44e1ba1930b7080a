import type { RiskReplay, RiskReplayJob, RiskRule, RiskRulesetDetail, RiskRulesetSummary } from '@campaign/contract';
import type { RiskReplayJobTable, RiskRulesetTable } from '../../db/schema-risk';
import { sha256Hex } from '../../platform/crypto';

/** The hash a decision names: SHA-256 of the rules' canonical JSON (ids, expressions, actions in order). */
export const rulesHash = (rules: readonly RiskRule[]) =>
  sha256Hex(JSON.stringify(rules.map((r) => ({ id: r.id, name: r.name, expr: r.expr, action: r.action }))));

const BUILT_IN: Record<string, string> = {
  'velocity-nuid': '内置频率规则：同一客户短时多次',
  'velocity-ip': '内置频率规则：同一 IP 短时多次',
  'velocity-device': '内置频率规则：同一设备短时多次',
};

/** A matched rule as a reviewer reads it: its name in its version, the bank's engine's rule, or a built-in one. */
export function ruleLabel(id: string, rules: readonly { id: string; name: string }[]): string {
  if (id.startsWith('bank:')) return `银行风控引擎：${id.slice(5)}`;
  return BUILT_IN[id] ?? rules.find((r) => r.id === id)?.name ?? id;
}

export function summaryOf(r: RiskRulesetTable, names: Map<string, string>): RiskRulesetSummary {
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    mode: r.mode,
    canaryPct: r.mode === 'canary' ? r.canary_pct : null,
    hash: r.hash,
    ruleCount: (JSON.parse(r.rules) as unknown[]).length,
    basedOn: r.based_on,
    createdBy: { id: r.created_by, name: names.get(r.created_by) ?? '已删除的人员' },
    updatedAt: Number(r.updated_at),
    pending: r.pending_request !== null,
  };
}

export const detailOf = (r: RiskRulesetTable, names: Map<string, string>): RiskRulesetDetail => ({
  ...summaryOf(r, names),
  rules: JSON.parse(r.rules) as RiskRule[],
  note: r.note,
});

/** A replay job as the console polls it (ADR 0061). */
export const replayJobOf = (r: RiskReplayJobTable): RiskReplayJob => ({
  id: r.id,
  rulesetId: r.ruleset_id,
  actId: r.scope === '' ? null : r.scope,
  state: r.state,
  done: Number(r.done),
  total: Math.max(Number(r.total), Number(r.done)),
  result: r.result === null ? null : (JSON.parse(r.result) as RiskReplay),
  createdAt: Number(r.created_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
});
