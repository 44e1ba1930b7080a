import type { StaffRole } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import { parseRoles } from '../../platform/session';
import { assertAdminsRemain } from './admins-remain';
import type { Acting, ConsoleContext } from './context';
import * as repo from './repo';

/** A member's roles replaced, audited; the corp keeps an active admin. */
export async function setRoles(
  ctx: ConsoleContext,
  acting: Acting,
  corpId: string,
  staffId: string,
  roles: StaffRole[],
) {
  const { deps, db, clock, audit, inTx, staffItem } = ctx;
  const now = clock();
  const before = await repo.staffRow(db, corpId, staffId);
  if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
  await assertAdminsRemain(ctx, corpId, acting, staffId, roles, before.active === 1);
  await inTx(async (_x, tx) => {
    await deps.staff.update(tx, corpId, staffId, { roles, now });
    await audit.append(tx, {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'staff.roles',
      subject: staffId,
      before: { roles: parseRoles(before.roles) },
      after: { roles },
    });
  });
  return staffItem(corpId, staffId);
}
