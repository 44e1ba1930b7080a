import { type AddressSnapshot, addressSnapshotSchema, type Order } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { stepsIn } from '../../db/tx';
import { orderState } from '../../platform/claim-states';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { OrdersDeps } from './deps';
import * as repo from './repo';
import { judgedExchange } from './risk-check';
import { toOrder } from './state';

/** A retried confirm with the same address gets the same answer; another address is refused. */
function sameConfirm(o: repo.OrderRow | undefined, snapshot: AddressSnapshot, now: number): Order {
  if (!o?.address_snapshot) throw new AppError('ORDER_STATE');
  const given = addressSnapshotSchema.parse(JSON.parse(o.address_snapshot));
  if (JSON.stringify(given) !== JSON.stringify(snapshot)) throw new AppError('ORDER_STATE');
  return toOrder(o, now);
}

/**
 * The customer confirms an order with one of their addresses: its snapshot is kept, the award exchanged. A
 * risk-checked campaign's exchange is judged first (risk-check.ts), its decision recorded with the exchange.
 */
export async function confirmOrder(
  deps: OrdersDeps,
  corp: Corp,
  user: RequestUser,
  orderId: string,
  addNo: string,
  ip = '',
): Promise<Order> {
  // Read before the transaction: the address book reads outside it (one SQLite connection).
  const address = await deps.addressBook.get(corp.id, user.id, addNo);
  if (!address) throw new AppError('ADDRESS_NOT_FOUND');
  const snapshot: AddressSnapshot = {
    name: address.name,
    mobile: address.mobile,
    provinceName: address.provinceName,
    cityName: address.cityName,
    districtName: address.districtName,
    districtCode: address.districtCode,
    detail: address.detail,
  };
  // Judged before the transaction (the engine reads and counts outside it), only an order awaiting its address.
  const before = await repo.getOrder(deps.database.db, corp.id, user.id, orderId);
  const verdict =
    before && orderState(before, deps.clock()) === 'awaiting_address'
      ? await judgedExchange(deps, corp, user, before.act_id, ip)
      : undefined;
  return deps.database.db.transaction().execute(async (tx) => {
    const o = await repo.getOrder(tx, corp.id, user.id, orderId);
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    const now = deps.clock();
    const state = orderState(o, now);
    if (state === 'confirmed') return sameConfirm(o, snapshot, now);
    if (state === 'expired') throw new AppError('ORDER_EXPIRED');
    if (state !== 'awaiting_address') throw new AppError('ORDER_STATE');
    const ok = await repo.confirmOrder(tx, corp.id, orderId, {
      address_snapshot: JSON.stringify(snapshot),
      address_id: addNo,
      now,
    });
    // Another request confirmed it after this one read it (PostgreSQL's read committed): the same address is
    // that answer again, read now.
    if (!ok) return sameConfirm(await repo.getOrder(tx, corp.id, user.id, orderId), snapshot, now);
    await deps.awards.markExchanged(handOver(tx), corp.id, o.award_id, now);
    const { risk } = deps;
    if (verdict && risk) await stepsIn(tx, (x) => risk.record(x, verdict, `order:${orderId}`, Number(o.value_cents)));
    const after = await repo.getOrder(tx, corp.id, user.id, orderId);
    if (!after) throw new AppError('ORDER_NOT_FOUND');
    return toOrder(after, now);
  });
}
