import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { type AuthContext, OTP, providerFailure } from './context';
import * as repo from './repo';

/** A log-in code texted to `mobile`: once a minute, five times an hour, the slot taken before the send. */
export async function sendOtp(
  { db, clock, config, randomInt, otpSender, log, hashCode }: AuthContext,
  corp: Corp,
  mobile: string,
) {
  const now = clock();
  const existing = await repo.getOtp(db, corp.id, mobile);
  if (existing && now - existing.created_at < OTP.resendAfterMs) throw new AppError('OTP_TOO_SOON');
  const inWindow = existing && now - existing.window_started_at < OTP.windowMs;
  if (inWindow && existing.sends_in_window >= OTP.maxSendsPerWindow) throw new AppError('OTP_TOO_SOON');
  const code = String(randomInt(10 ** OTP.length)).padStart(OTP.length, '0');
  const claimed = {
    corp_id: corp.id,
    mobile,
    code_hash: hashCode(corp.id, mobile, code),
    created_at: now,
    expires_at: now + OTP.ttlMs,
    attempts: 0,
    window_started_at: inWindow ? existing.window_started_at : now,
    sends_in_window: inWindow ? existing.sends_in_window + 1 : 1,
  };
  // The slot is taken before the (slow) send, so a burst of sends for one phone sends one text.
  if (!(await repo.claimOtp(db, claimed, existing))) throw new AppError('OTP_TOO_SOON');
  try {
    await otpSender.send({ corpId: corp.id, mobile, code });
  } catch (err) {
    // Nothing of a send that failed stays: the customer may ask again at once.
    await repo.releaseOtp(db, claimed, existing);
    throw providerFailure(err, log, 'OTP_SEND_REFUSED', 'OTP_SEND_UNAVAILABLE');
  }
  return {
    resendAfterSec: OTP.resendAfterMs / 1000,
    expiresInSec: OTP.ttlMs / 1000,
    demoCode: config.demoMode ? OTP.demoCode : null,
  };
}
