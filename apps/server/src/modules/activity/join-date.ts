import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { visibleActivity } from './catalogue-steps';
import type { ActivityContext } from './context';
import * as repo from './repo';

/** When this customer joined, and whether that makes them a new customer for the activity. */
export async function joinDate(ctx: ActivityContext, corp: Corp, user: RequestUser, actId: string) {
  const act = await visibleActivity(ctx, corp.id, actId);
  const joinedAt = (await repo.userCreatedAt(ctx.db, corp.id, user.id)) ?? 0;
  const since = act.eligibility.newCustomersSince;
  return { joinedAt, newCustomer: since === null || joinedAt >= since, newCustomerSince: since };
}
