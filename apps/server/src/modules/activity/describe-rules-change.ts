import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../platform/errors';
import type { ActivityContext } from './context';
import type { ActivityDef } from './definition';
import { prizeChanges, prizeRow, publicationProblems, RULES_HTML, termsSnapshot } from './publication-rules';
import * as repo from './repo';

/**
 * A proposed new rules version (docs/decisions/0322-rules-change-approval.md) as the approver reads it:
 * what a version freezes (rules text, prize odds) before and after. Refused when it would not publish
 * or changes nothing a version freezes.
 */
export async function describeRulesChange({ db, drawRules }: ActivityContext, def: ActivityDef) {
  const problems = publicationProblems(def, drawRules);
  if (problems.length) throw new AppError('PUBLISH_REFUSED', problems.join('; '));
  const existing = await repo.getActivity(db, def.corp, def.id);
  if (!existing) throw new AppError('ACTIVITY_NOT_FOUND');
  const oldPrizes = await repo.getPrizes(db, def.corp, def.id);
  const newPrizes = def.prizes.map((p, i) => prizeRow(def, p, i));
  const rulesChanged = existing.rules_html !== sanitizeHtml(def.rules, RULES_HTML);
  if (!rulesChanged && termsSnapshot(oldPrizes) === termsSnapshot(newPrizes)) {
    throw new AppError('RULES_CHANGE_EMPTY');
  }
  const next = existing.state === 'draft' ? existing.version : existing.version + 1;
  return {
    title: `${existing.title} v${existing.version} → v${next}`,
    context: {
      活动: `${existing.title}（${def.id}）`,
      版本: `当前 v${existing.version}，通过后 v${next} 生效（已完成的抽奖仍按原版本）`,
      规则说明: rulesChanged ? '有修改' : '未修改',
      奖品与权重: prizeChanges(oldPrizes, newPrizes).join('；') || '未修改',
    },
  };
}
