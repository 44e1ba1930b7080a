import { endConsoleSessionsOf } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import { assertAdminsRemain } from './admins-remain';
import type { Acting, ConsoleContext } from './context';
import * as repo from './repo';

/** Disabling ends every console session of theirs at once (a staff session's next request fails too). */
export async function setActive(ctx: ConsoleContext, acting: Acting, corpId: string, staffId: string, active: boolean) {
  const { deps, db, clock, audit, inTx, staffItem } = ctx;
  const now = clock();
  const before = await repo.staffRow(db, corpId, staffId);
  if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
  if (!active) await assertAdminsRemain(ctx, corpId, acting, staffId, null, false);
  await inTx(async (x, tx) => {
    await deps.staff.update(tx, corpId, staffId, { active, now });
    if (!active) await endConsoleSessionsOf(x, corpId, staffId);
    await audit.append(tx, {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: active ? 'staff.enable' : 'staff.disable',
      subject: staffId,
      before: { active: before.active === 1 },
      after: { active },
    });
  });
  return staffItem(corpId, staffId);
}
