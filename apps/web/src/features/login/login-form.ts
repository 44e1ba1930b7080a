import { t } from '../../shared/i18n/messages';
import { internalPath } from '../../shared/lib/query-params';
import { LOGIN_PATH } from '../../shared/navigation/paths';

const MOBILE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;

export function mobileError(mobile: string): string | null {
  if (!mobile) return t('login.mobileRequired');
  return MOBILE.test(mobile) ? null : t('login.mobileInvalid');
}

export function codeError(code: string): string | null {
  if (!code) return t('login.codeRequired');
  return CODE.test(code) ? null : t('login.codeInvalid');
}

/** Seconds left before "resend" is allowed again, from an absolute deadline (survives hidden keep-alive). */
export function secondsLeft(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/**
 * Where a signed-in visitor of /login?redirect=… is forwarded: a same-origin path only (never an
 * absolute URL: open-redirect guard), and never /login itself (that would forward in a loop).
 */
export function redirectTarget(redirect: string | null): string | null {
  const path = internalPath(redirect);
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/` ? null : path;
}
