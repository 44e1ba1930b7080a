import type { RequestConsole } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import { afterAccountChange, checkCurrentPassword, ownAccount } from './account-steps';
import type { ConsoleContext } from './context';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import * as repo from './repo';

const POLICY = '密码至少 10 位，且含字母和数字';
const SAME = '新密码不能与当前密码相同';

/**
 * The caller changes their own password (docs/decisions/0378-my-account.md): the policy first (nothing is
 * counted for a new password the policy refuses), then the current password checked like a sign-in, then the
 * new hash in one transaction with the end of the caller's other sessions and the audit entry (no secret in it).
 */
export async function changePassword(
  ctx: ConsoleContext,
  who: RequestConsole,
  ip: string | null,
  input: { currentPassword: string; newPassword: string },
) {
  const { clock, audit, inTx } = ctx;
  const problem = passwordProblem(input.newPassword);
  if (problem)
    throw new AppError('VALIDATION', { 'en-US': `password: ${problem}` }, { fields: { 'body.newPassword': POLICY } });
  const account = await ownAccount(ctx, who);
  await checkCurrentPassword(ctx, who, ip, account, input.currentPassword, 'password');
  if (await verifyPassword(input.newPassword, account.password_hash))
    throw new AppError(
      'VALIDATION',
      { 'en-US': 'the new password is the current one' },
      { fields: { 'body.newPassword': SAME } },
    );
  const passwordHash = await hashPassword(input.newPassword);
  const now = clock();
  const otherSessionsEnded = await inTx(async (x, tx) => {
    await repo.updateAccount(x, who.corpId, who.id, { password_hash: passwordHash, password_changed_at: now });
    const ended = await afterAccountChange(ctx, x, who, account.login, ip);
    await audit.append(tx, {
      corpId: who.corpId,
      at: now,
      actor: { id: who.id, name: who.name, roles: who.roles },
      ip,
      action: 'console.password-change',
      subject: who.id,
      before: { passwordChangedAt: Number(account.password_changed_at) },
      after: { passwordChangedAt: now, otherSessionsEnded: ended },
    });
    return ended;
  });
  return { otherSessionsEnded };
}
