import type { Corp } from '../../platform/tenancy';
import { statusOf, visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';

/** What a game needs before the first draw: status, times, the server's clock, the prizes it shows. */
export async function drawParams(ctx: ActivityContext, corp: Corp, actId: string) {
  const act = await visibleActivity(ctx, corp.id, actId);
  const now = ctx.clock();
  return {
    actId,
    type: act.row.type,
    status: await statusOf(ctx, corp.id, act.row, now),
    startsAt: act.row.starts_at,
    endsAt: act.row.ends_at,
    serverNow: now,
    prizes: act.prizes.map((p) => ({ id: p.id, name: p.name, image: p.image, kind: p.kind })),
  };
}
