import { MAX_ADDRESSES } from '@campaign/contract';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { toAddress } from './address';
import * as repo from './repo';

/** One page of the customer's addresses. */
export async function listAddresses(
  deps: ServiceDeps<'addresses'>,
  corp: Corp,
  user: RequestUser,
  pageNum: number,
  pageSize: number,
) {
  const db = deps.database.db;
  const [total, rows] = await Promise.all([
    repo.count(db, corp.id, user.id),
    repo.page(db, corp.id, user.id, (pageNum - 1) * pageSize, pageSize),
  ]);
  return { total, page_num: pageNum, page_size: pageSize, max: MAX_ADDRESSES, list: rows.map(toAddress) };
}
