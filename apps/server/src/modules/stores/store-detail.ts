import type { StoreDetail } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { StoresDeps, Where } from './deps';
import { customerPoint, distanceM, gcj02ToBd09, gcj02ToWgs84, type LngLat } from './geo';
import { listOrFail } from './list-stores';
import * as repo from './repo';
import { toStore } from './store-view';

/** One store of a list with its coordinates in every system and up to six stores nearby in its city. */
export async function storeDetail(
  deps: StoresDeps,
  corp: Corp,
  listId: string,
  storeId: string,
  where: Where,
): Promise<StoreDetail> {
  await listOrFail(deps, corp, listId);
  const rows = await repo.storesOfList(deps.database.db, corp.id, listId);
  const row = rows.find((r) => r.id === storeId);
  if (!row) throw new AppError('STORE_NOT_FOUND');
  const now = deps.clock();
  const from = customerPoint(where);
  const store = toStore(row, now, from);
  const here: LngLat = [row.lng, row.lat];
  const nearby = rows
    .filter((r) => r.id !== storeId && r.city_code === row.city_code)
    .sort((a, b) => distanceM(here, [a.lng, a.lat]) - distanceM(here, [b.lng, b.lat]))
    .slice(0, 6)
    .map((r) => toStore(r, now, from));
  return { ...store, coords: { gcj02: here, wgs84: gcj02ToWgs84(here), bd09: gcj02ToBd09(here) }, nearby };
}
