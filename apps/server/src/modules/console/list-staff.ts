import type { ConsoleContext } from './context';
import * as repo from './repo';

/** A page of the corp's staff list, found by `q`, with their accounts. */
export async function listStaff(
  { db, toStaff }: ConsoleContext,
  corpId: string,
  q: string | undefined,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await repo.staffPage(db, corpId, q, page, pageSize);
  return { total, items: rows.map(toStaff) };
}
