import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { OrdersDeps } from './deps';
import * as repo from './repo';
import { toOrder } from './state';

/** One of the customer's orders. */
export async function orderDetail(deps: OrdersDeps, corp: Corp, user: RequestUser, orderId: string) {
  const o = await repo.getOrder(deps.database.db, corp.id, user.id, orderId);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  return toOrder(o, deps.clock());
}
