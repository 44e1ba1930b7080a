import { MAX_ADDRESSES } from '@campaign/contract';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { columnsOf, type Input, toAddress } from './address';
import * as repo from './repo';

/** The first address becomes the default; at most MAX_ADDRESSES, counted under the customer's lock. */
export async function addAddress(
  deps: ServiceDeps<'addresses'>,
  corp: Corp,
  user: RequestUser,
  input: Input,
  idemKey: string,
) {
  const postgres = deps.database.kind === 'postgres';
  const columns = columnsOf(input);
  return deps.database.db.transaction().execute(async (tx) => {
    await repo.lockOwner(tx, corp.id, user.id, postgres);
    const replay = await repo.byIdemKey(tx, corp.id, user.id, idemKey);
    if (replay) return toAddress(replay);
    const n = await repo.count(tx, corp.id, user.id);
    if (n >= MAX_ADDRESSES) throw new AppError('ADDRESS_LIMIT');
    const now = deps.clock();
    const isDefault = n === 0 || input.isDefault === true;
    if (isDefault) await repo.clearDefault(tx, corp.id, user.id, now);
    const row: repo.AddressRow = {
      id: newId(),
      corp_id: corp.id,
      user_id: user.id,
      ...columns,
      is_default: isDefault ? 1 : 0,
      idem_key: idemKey,
      created_at: now,
      updated_at: now,
    };
    await repo.insert(tx, row);
    return toAddress(row);
  });
}
