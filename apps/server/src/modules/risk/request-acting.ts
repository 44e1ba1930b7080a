import { type RISK_RULE_ACTIONS, type RiskRule, yuan } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as repo from './repo';
import { shadowReport } from './report';
import type { Acting } from './save-ruleset';

const ACTION_ZH: Record<(typeof RISK_RULE_ACTIONS)[number], string> = {
  block: '拦截',
  hold: '冻结待审',
  step_up: '短信验证',
  degrade: '安慰奖',
};

/** The field diff against the enforced version, a line per rule added, removed or changed. */
export function ruleDiff(before: readonly RiskRule[], after: readonly RiskRule[]): string {
  const lines: string[] = [];
  const old = new Map(before.map((r) => [r.id, r]));
  for (const r of after) {
    const o = old.get(r.id);
    if (!o) lines.push(`+ 新增 ${r.id}「${r.name}」${ACTION_ZH[r.action]}：${r.expr}`);
    else if (o.expr !== r.expr || o.action !== r.action || o.name !== r.name) {
      lines.push(`~ 修改 ${r.id}：${o.expr}（${ACTION_ZH[o.action]}） → ${r.expr}（${ACTION_ZH[r.action]}）`);
    }
    old.delete(r.id);
  }
  for (const o of old.values()) lines.push(`- 删除 ${o.id}「${o.name}」`);
  return lines.length > 0 ? lines.join('\n') : '规则与生效版本相同';
}

/**
 * Asks a second person to let a version act: canary N% or enforce. Only a version that has run in shadow (or
 * a canary going to enforce) may ask, one request at a time (claimed by a conditional update, so twenty
 * clicks make one request). The approver reads its shadow report and the diff against the enforced version.
 */
export async function requestActing(
  deps: RiskDeps,
  acting: Acting,
  corpId: string,
  input: { id: string; mode: 'canary' | 'enforce'; canaryPct?: number; note: string },
) {
  const db = deps.database.db;
  const row = await repo.ruleset(db, corpId, input.id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  if (row.mode !== 'shadow' && !(row.mode === 'canary' && input.mode === 'enforce')) {
    throw new AppError('RISK_RULESET_STATE', { 'zh-CN': '请先影子运行该版本，再申请灰度或生效' });
  }
  const claim = `claim-${deps.randomBytes(6).toString('hex')}`;
  const claimed = await db
    .updateTable('risk_ruleset')
    .set({ pending_request: claim })
    .where('corp_id', '=', corpId)
    .where('id', '=', input.id)
    .where('pending_request', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('RISK_REQUEST_PENDING');
  try {
    const report = await shadowReport(deps, corpId, input.id);
    const enforced = report.enforced ? await repo.ruleset(db, corpId, report.enforced.id) : undefined;
    const pct = input.mode === 'canary' ? (input.canaryPct ?? 10) : null;
    const requestId = await deps.approvals.request({
      corpId,
      kind: 'risk-ruleset',
      subject: input.id,
      title: `风控规则 v${row.version}「${row.name}」${pct ? `灰度 ${pct}%` : '全量生效'}`,
      requestedBy: acting.actor.id,
      context: {
        规则集: `v${row.version}「${row.name}」`,
        规则集哈希: row.hash,
        申请: pct ? `灰度 ${pct}% 客户` : '全量生效',
        理由: input.note,
        // Compared with the enforced version only when there is one: without it "differs" means nothing.
        影子运行: `${report.decisions} 次决定，${report.customers} 位客户${report.enforced ? `，与生效版本不同 ${report.differs} 次` : ''}`,
        各规则命中: report.rules
          .map(
            (r) =>
              `${r.name}（${ACTION_ZH[r.action]}）：命中 ${r.hits} 次 / ${r.customers} 人，将拦截 ${yuan(r.withheldCents)}`,
          )
          .join('\n'),
        对比生效版本: report.enforced ? `v${report.enforced.version}「${report.enforced.name}」` : '当前无生效版本',
        规则差异: ruleDiff(
          enforced ? (JSON.parse(enforced.rules) as RiskRule[]) : [],
          JSON.parse(row.rules) as RiskRule[],
        ),
      },
      payload: JSON.stringify({ mode: input.mode, canaryPct: pct, hash: row.hash }),
    });
    await db.transaction().execute(async (tx) => {
      await own('risk', tx)
        .updateTable('risk_ruleset')
        .set({ pending_request: requestId })
        .where('id', '=', input.id)
        .execute();
      await deps.audit.append(handOver(tx), {
        corpId,
        at: deps.clock(),
        actor: acting.actor,
        ip: acting.ip,
        action: 'risk.ruleset.request',
        subject: input.id,
        after: { mode: input.mode, canaryPct: pct, hash: row.hash, request: requestId },
      });
    });
    return { requestId };
  } catch (err) {
    await db
      .updateTable('risk_ruleset')
      .set({ pending_request: null })
      .where('id', '=', input.id)
      .where('pending_request', '=', claim)
      .execute();
    throw err;
  }
}
