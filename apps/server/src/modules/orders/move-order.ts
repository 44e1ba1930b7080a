import type { OrderState } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { OrdersDeps } from './deps';
import * as repo from './repo';

/** Operator moves (CLI `order ship|deliver|close`). */
export async function moveOrder(
  deps: OrdersDeps,
  corpId: string,
  orderId: string,
  to: 'shipped' | 'delivered' | 'closed',
  trackingNo?: string,
): Promise<OrderState> {
  const db = deps.database.db;
  const from: Record<typeof to, readonly OrderState[]> = {
    shipped: ['confirmed', 'paid'],
    delivered: ['shipped'],
    closed: ['awaiting_address', 'confirmed', 'paid', 'payment_failed'],
  };
  const o = await repo.orderInCorp(db, corpId, orderId);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  const ok = await repo.moveOrder(db, corpId, orderId, from[to], to, deps.clock(), trackingNo);
  if (!ok) throw new AppError('ORDER_STATE', `${o.status} → ${to}`);
  return to;
}
