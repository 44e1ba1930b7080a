import { isOfferType } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { assertOpen, checkEligible, visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';
import type { LoadedActivity } from './loaded';

/** The activity this customer may draw in now; otherwise the refusal (missing, not open, not eligible). */
export async function admitToDraw(
  ctx: ActivityContext,
  corp: Corp,
  user: RequestUser,
  actId: string,
): Promise<LoadedActivity> {
  const act = await visibleActivity(ctx, corp.id, actId);
  // Offers are claimed once through the growth module, never drawn.
  if (isOfferType(act.row.type)) throw new AppError('ACTIVITY_NOT_FOUND');
  await assertOpen(ctx, act, ctx.clock());
  await checkEligible(ctx, corp, user, act);
  return act;
}
