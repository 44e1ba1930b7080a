import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';

/** Deleting the default promotes the newest remaining address. */
export async function removeAddress(deps: ServiceDeps<'addresses'>, corp: Corp, user: RequestUser, addNo: string) {
  const postgres = deps.database.kind === 'postgres';
  return deps.database.db.transaction().execute(async (tx) => {
    await repo.lockOwner(tx, corp.id, user.id, postgres);
    const row = await repo.get(tx, corp.id, user.id, addNo);
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    await repo.remove(tx, corp.id, user.id, addNo);
    let newDefaultAddNo: string | null = null;
    if (row.is_default === 1) {
      const next = await repo.newest(tx, corp.id, user.id);
      if (next) {
        await repo.update(tx, corp.id, user.id, next.id, { is_default: 1, updated_at: deps.clock() });
        newDefaultAddNo = next.id;
      }
    }
    return { addNo, newDefaultAddNo };
  });
}
