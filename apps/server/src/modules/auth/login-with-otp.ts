import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { findOrCreate } from './accounts';
import { type AuthContext, OTP } from './context';
import * as repo from './repo';
import { type LoginResult, startLogin } from './start-login';

/** A log-in with the texted code: five looks at a code, counted before each is compared; one use. */
export async function loginWithOtp(
  ctx: AuthContext,
  corp: Corp,
  mobile: string,
  code: string,
  previousToken?: string,
): Promise<LoginResult> {
  const { db, clock, config, hashCode } = ctx;
  if (config.demoMode && code === OTP.demoCode) {
    await repo.deleteOtp(db, corp.id, mobile);
  } else {
    const now = clock();
    // The attempt is counted before the guess is compared, atomically: a burst of guesses cannot get
    // more than five looks at the code, and a right code after the fifth is refused.
    const taken = await repo.takeOtpAttempt(db, corp.id, mobile, now, OTP.maxAttempts);
    if (!taken) {
      const row = await repo.getOtp(db, corp.id, mobile);
      throw new AppError(row && row.expires_at > now ? 'OTP_LOCKED' : 'OTP_EXPIRED');
    }
    const codeHash = hashCode(corp.id, mobile, code);
    if (taken.code_hash !== codeHash) {
      throw new AppError(taken.attempts >= OTP.maxAttempts ? 'OTP_LOCKED' : 'OTP_WRONG');
    }
    // Of simultaneous log-ins with one code, only the one that deletes it goes on.
    if (!(await repo.deleteOtpCode(db, corp.id, mobile, codeHash))) throw new AppError('OTP_EXPIRED');
  }
  return startLogin(ctx, corp, 'otp', findOrCreate(ctx, corp.id, { mobile }), previousToken);
}
