import { type ActivityDetail, isOfferType, type Locale, type PageConfig, type PublicPrize } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import { type Corp, memberCgroups } from '../../platform/tenancy';
import { type ActivityCache, type LoadedActivity, type TermsColumns, termsOf } from './loaded';
import type { CampaignHaltsPort, DrawRulesPort, WhiteListPort } from './ports';
import * as repo from './repo';
import { effectiveStatus } from './status';

/** What customers read of the activities: the park, a detail, its page, eligibility, the fairness record. */
export function createCatalogue(
  deps: ServiceDeps<'activity'> & {
    drawRules: DrawRulesPort;
    cache: ActivityCache;
    halts: CampaignHaltsPort;
    whiteLists: WhiteListPort;
  },
) {
  const db = deps.database.db;
  const { clock, drawRules, halts, whiteLists } = deps;
  const { load } = deps.cache;

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
    if (e.whiteList && !(await whiteLists.onList(corp.id, e.whiteList, user))) throw new AppError('NOT_ELIGIBLE');
    if (e.cgroupIds.length && (await memberCgroups(db, corp.id, user.id, e.cgroupIds)).length === 0) {
      throw new AppError('NOT_ELIGIBLE');
    }
    if (e.newCustomersSince !== null) {
      const joined = await repo.userCreatedAt(db, corp.id, user.id);
      if (joined === null || joined < e.newCustomersSince) throw new AppError('NOT_ELIGIBLE');
    }
  }

  /** What a customer sees: a corp whose kill switch is on shows every running activity as paused. */
  async function statusOf(corpId: string, row: Parameters<typeof effectiveStatus>[0], now: number) {
    const status = effectiveStatus(row, now);
    return status === 'live' && (await halts.halted(corpId)) ? 'paused' : status;
  }

  async function assertOpen(act: LoadedActivity, now: number) {
    const status = await statusOf(act.row.corp_id, act.row, now);
    if (status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
    if (status === 'ended') throw new AppError('ACTIVITY_ENDED');
    if (status === 'paused') throw new AppError('ACTIVITY_PAUSED');
    if (status === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
  }

  return {
    load,
    visible,

    /** The activity this customer may draw in now; otherwise the refusal (missing, not open, not eligible). */
    async admit(corp: Corp, user: RequestUser, actId: string): Promise<LoadedActivity> {
      const act = await visible(corp.id, actId);
      // Offers are claimed once through the growth module, never drawn.
      if (isOfferType(act.row.type)) throw new AppError('ACTIVITY_NOT_FOUND');
      await assertOpen(act, clock());
      await checkEligible(corp, user, act);
      return act;
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

    async detail(corp: Corp, actId: string, locale: Locale = 'zh-CN'): Promise<ActivityDetail> {
      const act = await visible(corp.id, actId);
      const status = await statusOf(corp.id, act.row, clock());
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
          algorithm: drawRules.algorithm[locale],
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
        status: await statusOf(corp.id, act.row, now),
        startsAt: act.row.starts_at,
        endsAt: act.row.ends_at,
        serverNow: now,
        prizes: act.prizes.map((p) => ({ id: p.id, name: p.name, image: p.image, kind: p.kind })),
      };
    },

    async park(corp: Corp) {
      const now = clock();
      const rows = await repo.listActivities(db, corp.id);
      const halted = await halts.halted(corp.id);
      return rows
        .map((a) => {
          const status = effectiveStatus(a, now);
          return { a, status: halted && status === 'live' ? ('paused' as const) : status };
        })
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
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
