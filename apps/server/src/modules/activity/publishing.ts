import { isOfferType } from '@campaign/contract';
import sanitizeHtml from 'sanitize-html';
import { type Own, own, type PortTx } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { ActivityDef, GroupDef, PrizeDef } from './definition';
import type { ActivityCache, TermsColumns } from './loaded';
import type { DrawRulesPort } from './ports';
import * as repo from './repo';
import { stockBuckets } from './stock';

/** PRC Anti-Unfair Competition Law: a lottery-style prize may be worth at most ¥50,000. */
export const MAX_LOTTERY_PRIZE_CENTS = 50_000 * 100;

const RULES_HTML: sanitizeHtml.IOptions = {
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

/** How activities are made and changed: publication, versions, groups, ending, the rules-change approval. */
export function createPublishing(deps: ServiceDeps<'activity'> & { drawRules: DrawRulesPort; cache: ActivityCache }) {
  const db = deps.database.db;
  const { clock, drawRules } = deps;
  const { forget } = deps.cache;
  const { maxBuckets, spread } = stockBuckets(deps);

  const publishing = {
    /** Create or update an activity from its definition, applying the publication rules. */
    async publish(def: ActivityDef, now: number, ex: Own<'activity'> = db) {
      const problems = publicationProblems(def, drawRules);
      if (problems.length) throw new AppError('PUBLISH_REFUSED', problems.join('; '));
      const existing = await repo.getActivity(ex, def.corp, def.id);
      const rulesHtml = sanitizeHtml(def.rules, RULES_HTML);
      const prizeRows = def.prizes.map((p, i) => prizeRow(def, p, i));
      const snapshot = termsSnapshot(prizeRows);
      const common = {
        group_id: def.group ?? null,
        type: def.type,
        title: def.title,
        subtitle: def.subtitle,
        state: def.state,
        starts_at: def.startsAt,
        ends_at: def.endsAt,
        page_config: JSON.stringify(def.page),
        chances_per_day: def.chances.perDay,
        chances_per_activity: def.chances.perActivity,
        eligibility: JSON.stringify(def.eligibility),
        address_window_days: def.claim.addressWindowDays,
        coupon_valid_days: def.claim.couponValidDays,
      };
      if (!existing) {
        const seed = drawRules.newSeed();
        const published = def.state !== 'draft';
        await repo.insertActivity(ex, {
          corp_id: def.corp,
          id: def.id,
          ...common,
          rules_html: rulesHtml,
          seed,
          commitment: drawRules.commitment(seed),
          version: 1,
          version_published_at: published ? now : null,
          revealed_at: null,
          created_at: now,
        });
        for (const p of prizeRows) await repo.upsertPrize(ex, p, false);
        await spread(ex, prizeRows);
        await repo.insertVersion(ex, {
          corp_id: def.corp,
          act_id: def.id,
          version: 1,
          published_at: now,
          rules_html: rulesHtml,
          prizes: snapshot,
        });
        return { actId: def.id, version: 1, created: true };
      }
      if (maxBuckets) await repo.gatherStock(ex, def.corp, def.id);
      const oldPrizes = await repo.getPrizes(ex, def.corp, def.id);
      const oldSnapshot = termsSnapshot(oldPrizes);
      const changedTerms = existing.rules_html !== rulesHtml || oldSnapshot !== snapshot;
      const wasPublished = existing.state !== 'draft' && existing.version_published_at !== null;
      // Rules and odds of a published activity are frozen: a change is a new version, shown with its time.
      const version = wasPublished && changedTerms ? existing.version + 1 : existing.version;
      await repo.updateActivity(ex, def.corp, def.id, {
        ...common,
        rules_html: rulesHtml,
        version,
        version_published_at:
          def.state === 'draft'
            ? existing.version_published_at
            : version !== existing.version || !wasPublished
              ? now
              : existing.version_published_at,
      });
      const old = new Map(oldPrizes.map((p) => [p.id, p]));
      const restocked: repo.PrizeRow[] = [];
      for (const p of prizeRows) {
        const prev = old.get(p.id);
        // Restocking keeps what was already given out: left moves by the change of the total.
        const issued =
          prev && prev.total_stock !== null && prev.left_stock !== null ? prev.total_stock - prev.left_stock : 0;
        const left = p.total_stock === null ? null : Math.max(0, p.total_stock - issued);
        await repo.upsertPrize(ex, { ...p, left_stock: left }, Boolean(prev));
        restocked.push({ ...p, left_stock: left });
      }
      await spread(ex, restocked);
      await repo.deletePrizesExcept(
        ex,
        def.corp,
        def.id,
        prizeRows.map((p) => p.id),
      );
      const versionRow = {
        corp_id: def.corp,
        act_id: def.id,
        version,
        published_at: now,
        rules_html: rulesHtml,
        prizes: snapshot,
      };
      if (version !== existing.version) await repo.insertVersion(ex, versionRow);
      else if (!wasPublished) await repo.replaceVersions(ex, versionRow);
      forget(def.corp, def.id);
      return { actId: def.id, version, created: false };
    },

    async publishGroup(g: GroupDef, ex: Own<'activity'> = db) {
      await repo.upsertGroup(ex, {
        corp_id: g.corp,
        id: g.id,
        show_ids: JSON.stringify(g.showActIds),
        related_ids: JSON.stringify(g.relatedActIds),
        surplus_ids: JSON.stringify(g.surplusActIds),
        winner_ids: JSON.stringify(g.winnerActIds),
        rocc: g.rocc,
      });
    },

    /**
     * The console's pause (modules/campaigns through services.ts), in the caller's transaction: this node
     * forgets its cached copy now; every other node re-reads within the cache's second (ADR 0340).
     */
    async setPaused(tx: PortTx, corpId: string, actId: string, paused: boolean) {
      await repo.updateActivity(own('activity', tx), corpId, actId, { state: paused ? 'paused' : 'published' });
      forget(corpId, actId);
    },

    /** What the console shows of a published activity: its version, commitment, and the seed once revealed. */
    async record(corpId: string, actId: string) {
      const act = await repo.getActivity(db, corpId, actId);
      if (!act) return null;
      const ended = act.state === 'ended' || clock() >= act.ends_at;
      return {
        version: act.version,
        commitment: act.commitment,
        seed: ended ? act.seed : null,
        revealedAt: act.revealed_at,
      };
    },

    forget,

    /** End an activity now: no more draws; the seed is revealed with the detail. */
    async end(corpId: string, actId: string) {
      const act = await repo.getActivity(db, corpId, actId);
      if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
      const now = clock();
      await repo.updateActivity(db, corpId, actId, {
        state: 'ended',
        revealed_at: now,
        ends_at: Math.min(act.ends_at, now),
      });
      forget(corpId, actId);
    },

    /**
     * A proposed new rules version (docs/decisions/0322-rules-change-approval.md) as the approver reads it:
     * what a version freezes (rules text, prize odds) before and after. Refused when it would not publish
     * or changes nothing a version freezes.
     */
    async describeRulesChange(def: ActivityDef) {
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
    },

    /** The approvals effect of kind 'rules-change' (services.ts): the approved version is published then. */
    rulesChangeEffect: {
      approved: async (
        tx: PortTx,
        req: { corpId: string; subject: string; payload: string | null },
        _by: string,
        now: number,
      ): Promise<void> => {
        const def = JSON.parse(req.payload ?? 'null') as ActivityDef | null;
        if (!def || def.corp !== req.corpId || def.id !== req.subject) throw new AppError('ACTIVITY_NOT_FOUND');
        await publishing.publish(def, now, own('activity', tx));
      },
    },
  };
  return publishing;
}
export type Publishing = ReturnType<typeof createPublishing>;

function prizeRow(def: ActivityDef, p: PrizeDef, sort: number): repo.PrizeRow {
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
  };
}

/** The part of a prize table that decides odds: what a version freezes and verification replays. */
function termsSnapshot(rows: TermsColumns[]) {
  return JSON.stringify(
    rows.map(({ id, weight, tiers, unlock_after_draws, consolation }) => ({
      id,
      weight,
      tiers,
      unlock_after_draws,
      consolation,
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
function prizeChanges(before: repo.PrizeRow[], after: repo.PrizeRow[]): string[] {
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
