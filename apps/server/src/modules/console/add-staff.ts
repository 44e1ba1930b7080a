import type { StaffRole } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { Acting, ConsoleContext } from './context';
import { generatePassword, hashPassword, passwordProblem } from './password';
import * as repo from './repo';

/**
 * A staff member with a local account: a new member, or one already on the list (from the campaign
 * file) who has no account yet. The first password (given, or generated) and the second factor are
 * returned once and never stored in the clear.
 */
export async function addStaff(
  ctx: ConsoleContext,
  acting: Acting,
  corpId: string,
  input: { staffId: string; name: string; roles: StaffRole[]; login: string; password?: string },
) {
  const { deps, db, clock, audit, inTx, newSecondFactor, staffItem } = ctx;
  const problem = input.password === undefined ? null : passwordProblem(input.password);
  if (problem)
    throw new AppError('VALIDATION', {
      'zh-CN': '密码至少 10 位，且含字母和数字',
      'en-US': `password: ${problem}`,
    });
  if (await repo.accountOf(db, corpId, input.staffId)) throw new AppError('CONSOLE_STAFF_EXISTS');
  if (await repo.accountByLogin(db, corpId, input.login)) throw new AppError('CONSOLE_LOGIN_TAKEN');
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const factor = await newSecondFactor(corpId, input.login);
  const now = clock();
  await inTx(async (x, tx) => {
    const existing = await deps.staff.get(tx, corpId, input.staffId);
    if (existing)
      await deps.staff.update(tx, corpId, input.staffId, {
        name: input.name,
        roles: input.roles,
        active: true,
        now,
      });
    else await deps.staff.add(tx, { corpId, id: input.staffId, name: input.name, roles: input.roles, now });
    await repo.insertAccount(x, {
      corpId,
      staffId: input.staffId,
      login: input.login,
      passwordHash,
      sealedSecret: factor.sealed,
      now,
    });
    await audit.append(tx, {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'staff.add',
      subject: input.staffId,
      before: existing ? { name: existing.name, roles: existing.roles, active: existing.active, login: null } : null,
      after: { name: input.name, roles: input.roles, active: true, login: input.login },
    });
  });
  return { staff: await staffItem(corpId, input.staffId), password, totp: factor.enrolment };
}
