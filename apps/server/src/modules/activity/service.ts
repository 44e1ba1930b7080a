import { type ActivityDetail, isOfferType, type PageConfig, type PublicPrize } from '@campaign/contract';
import sanitizeHtml from 'sanitize-html';
import { type Own, own, type PortTx } from '../../db/owners';
import type { Step, TxExec } from '../../db/tx';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import { type Corp, memberCgroups } from '../../platform/tenancy';
import type { ActivityDef, Eligibility, GroupDef, PrizeDef } from './definition';
import type { DrawRulesPort, PrizeTerms } from './ports';
import * as repo from './repo';
import { effectiveStatus } from './status';

/** PRC Anti-Unfair Competition Law: a lottery-style prize may be worth at most ¥50,000. */
export const MAX_LOTTERY_PRIZE_CENTS = 50_000 * 100;

/**
 * Most rows one prize's stock is split into on PostgreSQL (ADR 0052): more than the batches that can hold
 * one at once across the nodes, so a draw seldom finds every row with stock held (8 was too few once
 * batches ran pipelined: a third of the batches met a held stock and ran again one unit at a time).
 */
const STOCK_BUCKETS = 32;

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

/** An activity with its prize table, as read for every detail and every draw (cached briefly). */
export interface LoadedActivity {
  row: repo.ActivityRow;
  prizes: repo.PrizeRow[];
  byId: Map<string, repo.PrizeRow>;
  /** The odds-deciding part of each prize, parsed once per load: what the draw engine reads. */
  terms: PrizeTerms[];
  eligibility: Eligibility;
  page: PageConfig;
  hasCaps: boolean;
}

type TermsColumns = Pick<repo.PrizeRow, 'id' | 'weight' | 'tiers' | 'unlock_after_draws' | 'consolation'>;

const termsOf = (p: TermsColumns): PrizeTerms => ({
  id: p.id,
  weight: p.weight,
  tiers: JSON.parse(p.tiers),
  unlockAfterDraws: p.unlock_after_draws,
  consolation: p.consolation === 1,
});

export function createActivityService(deps: ServiceDeps<'activity'> & { drawRules: DrawRulesPort }) {
  const db = deps.database.db;
  const { clock, drawRules } = deps;
  // Activity definitions are read on every draw and change only by publication: cache them briefly.
  // Stock is never taken from the cache: the conditional decrement in SQL decides.
  const cacheTtl = deps.config.env === 'test' ? 0 : 1_000;
  const cache = new Map<string, { at: number; act: LoadedActivity }>();
  // PostgreSQL: a prize's stock in a few rows, so simultaneous draws do not queue on one (ADR 0052). SQLite
  // has one writer at a time: nothing to spread.
  const maxBuckets = deps.database.kind === 'postgres' ? STOCK_BUCKETS : 0;
  async function spread(
    ex: Own<'activity'>,
    rows: { act_id: string; corp_id: string; id: string; left_stock: number | null }[],
  ) {
    for (const p of rows) {
      const n = p.left_stock === null ? 0 : repo.bucketCount(p.left_stock, maxBuckets);
      if (n >= 2) await repo.spreadStock(ex, p.corp_id, p.act_id, p.id, p.left_stock ?? 0, n);
    }
  }

  /** Loads in progress: when the cached copy expires, the requests that find it so share one load. */
  const loading = new Map<string, Promise<LoadedActivity | null>>();

  async function load(corpId: string, actId: string): Promise<LoadedActivity | null> {
    const key = `${corpId}|${actId}`;
    const hit = cache.get(key);
    if (hit && clock() - hit.at < cacheTtl) return hit.act;
    if (cacheTtl <= 0) return loadNow(corpId, actId);
    let pending = loading.get(key);
    if (!pending) {
      const at = clock();
      const started: Promise<LoadedActivity | null> = loadNow(corpId, actId)
        .then((act) => {
          // Not when a publication forgot this activity while it loaded (forget() dropped the load).
          if (act && loading.get(key) === started) cache.set(key, { at, act });
          return act;
        })
        .finally(() => {
          if (loading.get(key) === started) loading.delete(key);
        });
      pending = started;
      loading.set(key, pending);
    }
    return pending;
  }

  async function loadNow(corpId: string, actId: string): Promise<LoadedActivity | null> {
    const row = await repo.getActivity(db, corpId, actId);
    if (!row) return null;
    const prizes = await repo.getPrizes(db, corpId, actId);
    return {
      row,
      prizes,
      byId: new Map(prizes.map((p) => [p.id, p])),
      terms: prizes.map(termsOf),
      eligibility: JSON.parse(row.eligibility),
      page: JSON.parse(row.page_config),
      hasCaps: prizes.some((p) => p.per_user_cap !== null),
    };
  }

  /** After a publication or a pause: the next request reads the activity again. */
  function forget(corpId: string, actId: string) {
    cache.delete(`${corpId}|${actId}`);
    loading.delete(`${corpId}|${actId}`);
  }

  /** Drafts do not exist for customers. */
  async function visible(corpId: string, actId: string): Promise<LoadedActivity> {
    const act = await load(corpId, actId);
    if (!act || act.row.state === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
    return act;
  }

  function publicPrizes(act: LoadedActivity): PublicPrize[] {
    const odds = new Map(drawRules.odds(act.terms).map((o) => [o.id, o]));
    return act.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      image: p.image,
      valueCents: p.value_cents,
      totalStock: p.total_stock,
      perUserCap: p.per_user_cap,
      unlockAfterDraws: p.unlock_after_draws,
      weight: p.weight,
      probability: odds.get(p.id)?.probability ?? 0,
      percentText: odds.get(p.id)?.percentText ?? '0.00%',
      consolation: p.consolation === 1,
    }));
  }

  async function checkEligible(corp: Corp, user: RequestUser, act: LoadedActivity) {
    const e = act.eligibility;
    if (e.whiteListOnly && !corp.whiteListed) throw new AppError('NOT_ELIGIBLE');
    if (e.blacklist.includes(user.nuid)) throw new AppError('NOT_ELIGIBLE');
    if (e.cgroupIds.length && (await memberCgroups(db, corp.id, user.id, e.cgroupIds)).length === 0) {
      throw new AppError('NOT_ELIGIBLE');
    }
    if (e.newCustomersSince !== null) {
      const joined = await repo.userCreatedAt(db, corp.id, user.id);
      if (joined === null || joined < e.newCustomersSince) throw new AppError('NOT_ELIGIBLE');
    }
  }

  function assertOpen(act: LoadedActivity, now: number) {
    const status = effectiveStatus(act.row, now);
    if (status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
    if (status === 'ended') throw new AppError('ACTIVITY_ENDED');
    if (status === 'paused') throw new AppError('ACTIVITY_PAUSED');
    if (status === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
  }

  const service = {
    load,
    visible,

    /** The activity this customer may draw in now; otherwise the refusal (missing, not open, not eligible). */
    async admit(corp: Corp, user: RequestUser, actId: string): Promise<LoadedActivity> {
      const act = await visible(corp.id, actId);
      // Offers are claimed once through the growth module, never drawn.
      if (isOfferType(act.row.type)) throw new AppError('ACTIVITY_NOT_FOUND');
      assertOpen(act, clock());
      await checkEligible(corp, user, act);
      return act;
    },

    /** The one place stock is taken, inside the caller's transaction: never below zero. */
    takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean> {
      return repo.takeStock(x, corpId, actId, prizeId);
    },

    /** A declined held award's unit goes back to its prize, in the decision's transaction. */
    returnStock(tx: PortTx, corpId: string, actId: string, prizeId: string): Promise<void> {
      return repo.returnStock(own('activity', tx), corpId, actId, prizeId);
    },

    async stockLeft(corpId: string, actId: string) {
      return (await repo.stockLeft(db, corpId, actId)).map((s) => ({ prizeId: s.id, left: s.left_stock }));
    },

    /** What verification replays: the seed, its commitment and each published version's prize table. */
    async fairnessRecord(corpId: string, actId: string) {
      const act = await repo.getActivity(db, corpId, actId);
      if (!act) return null;
      const versions = await repo.getVersions(db, corpId, actId);
      return {
        seed: act.seed,
        commitment: act.commitment,
        ended: effectiveStatus(act, clock()) === 'ended',
        versions: versions.map((v) => ({
          version: v.version,
          prizes: (JSON.parse(v.prizes) as TermsColumns[]).map(termsOf),
        })),
      };
    },

    async detail(corp: Corp, actId: string): Promise<ActivityDetail> {
      const act = await visible(corp.id, actId);
      const status = effectiveStatus(act.row, clock());
      return {
        actId: act.row.id,
        actGroupId: act.row.group_id,
        type: act.row.type,
        title: act.row.title,
        subtitle: act.row.subtitle,
        status,
        startsAt: act.row.starts_at,
        endsAt: act.row.ends_at,
        rulesHtml: act.row.rules_html,
        version: act.row.version,
        versionPublishedAt: act.row.version_published_at,
        chancesPerDay: act.row.chances_per_day,
        chancesPerActivity: act.row.chances_per_activity,
        prizes: publicPrizes(act),
        fairness: {
          commitment: act.row.commitment,
          seed: status === 'ended' ? act.row.seed : null,
          algorithm: drawRules.algorithm,
        },
        page: act.page,
        claim: { addressWindowDays: act.row.address_window_days, couponValidDays: act.row.coupon_valid_days },
      };
    },

    async joinDate(corp: Corp, user: RequestUser, actId: string) {
      const act = await visible(corp.id, actId);
      const joinedAt = (await repo.userCreatedAt(db, corp.id, user.id)) ?? 0;
      const since = act.eligibility.newCustomersSince;
      return { joinedAt, newCustomer: since === null || joinedAt >= since, newCustomerSince: since };
    },

    async group(corp: Corp, groupId: string) {
      const g = await repo.getGroup(db, corp.id, groupId);
      if (!g) throw new AppError('ACTIVITY_NOT_FOUND');
      return {
        actGroupId: g.id,
        showActIds: JSON.parse(g.show_ids),
        relatedActIds: JSON.parse(g.related_ids),
        surplusActIds: JSON.parse(g.surplus_ids),
        winnerActIds: JSON.parse(g.winner_ids),
        rocc: g.rocc,
      };
    },

    async page(corp: Corp, actId: string): Promise<PageConfig> {
      return (await visible(corp.id, actId)).page;
    },

    async param(corp: Corp, actId: string) {
      const act = await visible(corp.id, actId);
      const now = clock();
      return {
        actId,
        type: act.row.type,
        status: effectiveStatus(act.row, now),
        startsAt: act.row.starts_at,
        endsAt: act.row.ends_at,
        serverNow: now,
        prizes: act.prizes.map((p) => ({ id: p.id, name: p.name, image: p.image, kind: p.kind })),
      };
    },

    async park(corp: Corp) {
      const now = clock();
      const rows = await repo.listActivities(db, corp.id);
      return rows
        .map((a) => ({ a, status: effectiveStatus(a, now) }))
        .filter(({ status }) => status === 'live' || status === 'scheduled' || status === 'paused')
        .map(({ a, status }) => ({
          actId: a.id,
          type: a.type,
          title: a.title,
          subtitle: a.subtitle,
          status,
          startsAt: a.starts_at,
          endsAt: a.ends_at,
          banner: (JSON.parse(a.page_config) as PageConfig).banner,
        }));
    },

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
        await service.publish(def, now, own('activity', tx));
      },
    },
  };
  return service;
}
export type ActivityService = ReturnType<typeof createActivityService>;

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
