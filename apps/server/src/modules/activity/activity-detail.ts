import type { ActivityDetail, Locale } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { publicPrizes, statusOf, visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';

/** An activity as its page shows it: status, rules, prizes with their odds, the fairness record. */
export async function activityDetail(
  ctx: ActivityContext,
  corp: Corp,
  actId: string,
  locale: Locale = 'zh-CN',
): Promise<ActivityDetail> {
  const act = await visibleActivity(ctx, corp.id, actId);
  const status = await statusOf(ctx, corp.id, act.row, ctx.clock());
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
    prizes: publicPrizes(ctx, act),
    fairness: {
      commitment: act.row.commitment,
      seed: status === 'ended' ? act.row.seed : null,
      algorithm: ctx.drawRules.algorithm[locale],
    },
    page: act.page,
    claim: { addressWindowDays: act.row.address_window_days, couponValidDays: act.row.coupon_valid_days },
  };
}
