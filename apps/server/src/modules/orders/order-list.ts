import type { OrderState } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { OrdersDeps } from './deps';
import * as repo from './repo';
import { toOrder } from './state';

/** The customer's orders, optionally of one state (derived with the clock). */
export async function orderList(deps: OrdersDeps, corp: Corp, user: RequestUser, state?: OrderState) {
  const now = deps.clock();
  const orders = (await repo.listOrders(deps.database.db, corp.id, user.id)).map((o) => toOrder(o, now));
  return state ? orders.filter((o) => o.state === state) : orders;
}
