import type { StoreInput } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { Acting, StoreAdminDeps } from './admin-deps';
import * as admin from './admin-repo';
import * as repo from './repo';
import { consoleStoreOf, storedHours } from './store-admin-view';

type Input = Required<Omit<StoreInput, 'id'>> & { id?: string | undefined };

/** The store's columns from what the operator entered (hours checked and stored parsed). */
function columns(input: Input, now: number) {
  return {
    name: input.name,
    address: input.address,
    city_code: input.cityCode,
    city_name: input.cityName,
    phone: input.phone,
    lng: input.lng,
    lat: input.lat,
    hours: storedHours(input.hours, 'body.hours'),
    accepts: JSON.stringify([...new Set(input.accepts)]),
    updated_at: now,
  };
}

/**
 * Creates a store (no id: a new one, `s-` and a random id, never guessed from the name) or changes one of this
 * corp; audited in the same transaction. Another corp's store id is simply not found here.
 */
export async function saveStore(deps: StoreAdminDeps, acting: Acting, corp: Corp, input: Input) {
  const now = deps.clock();
  const set = columns(input, now);
  const id = input.id ?? `s-${deps.randomBytes(6).toString('hex')}`;
  return deps.database.db.transaction().execute(async (tx) => {
    const db = own('stores', tx);
    const before = input.id ? await repo.getStore(db, corp.id, input.id) : undefined;
    if (input.id) {
      if (!before || !(await admin.updateStore(db, corp.id, input.id, set))) throw new AppError('STORE_NOT_FOUND');
    } else {
      await admin.insertStore(db, { corp_id: corp.id, id, created_at: now, ...set });
    }
    const after = await repo.getStore(db, corp.id, id);
    if (!after) throw new AppError('STORE_NOT_FOUND');
    const view = consoleStoreOf(after);
    await deps.audit.append(handOver(tx), {
      corpId: corp.id,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: input.id ? 'store.update' : 'store.create',
      subject: id,
      before: before ? { ...consoleStoreOf(before), updatedAt: undefined } : null,
      after: { ...view, updatedAt: undefined },
    });
    return view;
  });
}
