import type { MyDiscount } from '@campaign/contract';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { viewDiscount } from './view';

/** 我的奖品's discounts: given to this customer (or used by them), newest first. */
export async function myDiscounts(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
): Promise<MyDiscount[]> {
  const rows = await repo.mine(deps.database.db, corp.id, user.id);
  return Promise.all(
    rows.map(async ({ d, grantedAt }) => ({ ...(await viewDiscount(deps, corp, user, d)), grantedAt })),
  );
}
