import { isOfferType } from '@campaign/contract';
import type sanitizeHtml from 'sanitize-html';
import type { ActivityDef, PrizeDef } from './definition';
import type { TermsColumns } from './loaded';
import type { DrawRulesPort } from './ports';
import type * as repo from './repo';

// What publication checks and freezes: the rules text allowed, the prize rows, the odds a version freezes.

/** PRC Anti-Unfair Competition Law: a lottery-style prize may be worth at most ¥50,000. */
export const MAX_LOTTERY_PRIZE_CENTS = 50_000 * 100;

export const RULES_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'span',
    'small',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { span: ['class'], td: ['colspan'], th: ['colspan'] },
};

export function prizeRow(def: ActivityDef, p: PrizeDef, sort: number): repo.PrizeRow {
  return {
    corp_id: def.corp,
    act_id: def.id,
    id: p.id,
    sort,
    name: p.name,
    kind: p.kind,
    image: p.image,
    weight: p.weight,
    tiers: JSON.stringify(p.tiers),
    unlock_after_draws: p.unlockAfterDraws,
    consolation: p.consolation ? 1 : 0,
    total_stock: p.consolation ? null : p.stock,
    left_stock: p.consolation ? null : p.stock,
    per_user_cap: p.perUserCap,
    value_cents: p.valueCents,
    points: p.points ?? null,
    code_pool: p.codePool ?? null,
    release: p.release ? JSON.stringify(p.release) : null,
  };
}

/** The part of a prize table that decides odds: what a version freezes and verification replays. */
export function termsSnapshot(rows: TermsColumns[]) {
  return JSON.stringify(
    rows.map(({ id, weight, tiers, unlock_after_draws, consolation, release }) => ({
      id,
      weight,
      tiers,
      unlock_after_draws,
      consolation,
      // A schedule is part of the terms (a changed one is a new version); tables without one read as before.
      ...(release ? { release } : {}),
    })),
  );
}

export function publicationProblems(def: ActivityDef, rules: Pick<DrawRulesPort, 'tableProblems'>): string[] {
  // An offer is never drawn (docs/decisions/0200): it needs a gift, not a draw table.
  const isOffer = isOfferType(def.type);
  const problems = isOffer
    ? def.prizes.some((p) => !p.consolation && p.kind !== 'thanks')
      ? []
      : ['an offer needs a gift: a prize that is not "thanks" nor the consolation prize']
    : rules.tableProblems(
        def.prizes.map((p) => ({
          id: p.id,
          weight: p.weight,
          tiers: p.tiers,
          unlockAfterDraws: p.unlockAfterDraws,
          consolation: p.consolation,
        })),
      );
  for (const p of def.prizes) {
    if (p.valueCents > MAX_LOTTERY_PRIZE_CENTS) {
      problems.push(
        `prize ${p.id} is worth ¥${(p.valueCents / 100).toFixed(2)}, above the ¥50,000 limit for lottery-style prizes`,
      );
    }
    if (p.consolation && p.kind !== 'thanks' && p.stock !== null) {
      problems.push(`the consolation prize ${p.id} must have unlimited stock`);
    }
  }
  return problems;
}

/** What an approver reads of a prize table change: added, removed, re-weighted prizes. */
export function prizeChanges(before: repo.PrizeRow[], after: repo.PrizeRow[]): string[] {
  const old = new Map(before.map((p) => [p.id, p]));
  const kept = new Set(after.map((p) => p.id));
  const lines = after.flatMap((p) => {
    const prev = old.get(p.id);
    if (!prev) return [`新增 ${p.name}（权重 ${p.weight}）`];
    if (prev.weight !== p.weight || prev.tiers !== p.tiers) return [`${p.name} 权重 ${prev.weight} → ${p.weight}`];
    return [];
  });
  return [...lines, ...before.filter((p) => !kept.has(p.id)).map((p) => `移除 ${p.name}`)];
}
