import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { ListWhere, StoresDeps } from './deps';
import { customerPoint } from './geo';
import * as repo from './repo';
import { byDistance, toStore } from './store-view';

export async function listOrFail(deps: StoresDeps, corp: Corp, listId: string) {
  const list = await repo.getList(deps.database.db, corp.id, listId);
  if (!list) throw new AppError('STORE_LIST_NOT_FOUND');
  return list;
}

/** Whether a store accepts a prize: it lists the prize by name, or lists none (it accepts every prize). */
function accepts(row: { accepts: string }, prize: string): boolean {
  try {
    const names: unknown = JSON.parse(row.accepts);
    return !Array.isArray(names) || names.length === 0 || names.includes(prize);
  } catch {
    return true;
  }
}

/** The cities of some stores, by city code, with their counts (as repo.citiesOfList counts a whole list). */
function citiesOf(rows: readonly { city_code: string; city_name: string }[]) {
  const by = new Map<string, { cityCode: string; cityName: string; count: number }>();
  for (const r of rows) {
    const c = by.get(r.city_code) ?? { cityCode: r.city_code, cityName: r.city_name, count: 0 };
    c.count++;
    by.set(r.city_code, c);
  }
  return [...by.values()].sort((a, b) => a.cityCode.localeCompare(b.cityCode));
}

/**
 * A store list's stores (in one city if named), nearest first when the customer said where they are; with a
 * prize, only the stores that accept it (issue 34 §1: the stores that accept each prize), and their cities.
 */
export async function listStores(deps: StoresDeps, corp: Corp, listId: string, where: ListWhere, cityName?: string) {
  const db = deps.database.db;
  const list = await listOrFail(deps, corp, listId);
  const from = customerPoint(where);
  const now = deps.clock();
  const prize = where.prize;
  let rows: Awaited<ReturnType<typeof repo.storesOfList>>;
  let cities: { cityCode: string; cityName: string; count: number }[];
  if (prize) {
    const taking = (await repo.storesOfList(db, corp.id, listId)).filter((r) => accepts(r, prize));
    rows = cityName === undefined ? taking : taking.filter((r) => r.city_name === cityName);
    cities = citiesOf(taking);
  } else {
    [rows, cities] = await Promise.all([
      repo.storesOfList(db, corp.id, listId, cityName),
      repo.citiesOfList(db, corp.id, listId),
    ]);
  }
  const all = rows.map((r) => toStore(r, now, from));
  if (from) all.sort(byDistance);
  return { listId, name: list.name, cities, list: all };
}
