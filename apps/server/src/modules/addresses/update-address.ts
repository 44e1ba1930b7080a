import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { columnsOf, type Input, toAddress } from './address';
import * as repo from './repo';

/** isDefault: true moves the default here; the default cannot be unset (there is always exactly one). */
export async function updateAddress(
  deps: ServiceDeps<'addresses'>,
  corp: Corp,
  user: RequestUser,
  addNo: string,
  input: Input,
) {
  const postgres = deps.database.kind === 'postgres';
  const columns = columnsOf(input);
  return deps.database.db.transaction().execute(async (tx) => {
    await repo.lockOwner(tx, corp.id, user.id, postgres);
    const row = await repo.get(tx, corp.id, user.id, addNo);
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    const now = deps.clock();
    const makeDefault = input.isDefault === true && row.is_default !== 1;
    if (makeDefault) await repo.clearDefault(tx, corp.id, user.id, now);
    await repo.update(tx, corp.id, user.id, addNo, {
      ...columns,
      is_default: makeDefault ? 1 : row.is_default,
      updated_at: now,
    });
    const after = await repo.get(tx, corp.id, user.id, addNo);
    if (!after) throw new AppError('ADDRESS_NOT_FOUND');
    return toAddress(after);
  });
}
