import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { toAddress } from './address';
import * as repo from './repo';

/** One of the customer's addresses. */
export async function addressDetail(deps: ServiceDeps<'addresses'>, corp: Corp, user: RequestUser, addNo: string) {
  const row = await repo.get(deps.database.db, corp.id, user.id, addNo);
  if (!row) throw new AppError('ADDRESS_NOT_FOUND');
  return toAddress(row);
}
