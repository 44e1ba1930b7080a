import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { StoresDeps, Where } from './deps';
import { customerPoint } from './geo';
import * as repo from './repo';
import { byDistance, toStore } from './store-view';

export async function listOrFail(deps: StoresDeps, corp: Corp, listId: string) {
  const list = await repo.getList(deps.database.db, corp.id, listId);
  if (!list) throw new AppError('STORE_LIST_NOT_FOUND');
  return list;
}

/** A store list's stores (in one city if named), nearest first when the customer said where they are. */
export async function listStores(deps: StoresDeps, corp: Corp, listId: string, where: Where, cityName?: string) {
  const db = deps.database.db;
  const list = await listOrFail(deps, corp, listId);
  const from = customerPoint(where);
  const now = deps.clock();
  const [rows, cities] = await Promise.all([
    repo.storesOfList(db, corp.id, listId, cityName),
    repo.citiesOfList(db, corp.id, listId),
  ]);
  const all = rows.map((r) => toStore(r, now, from));
  if (from) all.sort(byDistance);
  return { listId, name: list.name, cities, list: all };
}
