import type { Address } from '@campaign/contract';
import type { ServiceDeps } from '../../platform/services';
import { toAddress } from './address';
import * as repo from './repo';

/** The address book as the orders module's port sees it: one of the customer's addresses or null. */
export async function addressOf(
  deps: ServiceDeps<'addresses'>,
  corpId: string,
  userId: string,
  addNo: string,
): Promise<Address | null> {
  const row = await repo.get(deps.database.db, corpId, userId, addNo);
  return row ? toAddress(row) : null;
}
