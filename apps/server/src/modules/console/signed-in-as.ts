import type { ConsoleMe } from '@campaign/contract';
import type { RequestConsole } from '../../platform/console-session';
import type { Corp } from '../../platform/tenancy';
import type { ConsoleContext } from './context';

/** Who this console session is: the member, their roles, and the session's CSRF token and expiry. */
export function signedInAs({ toMe }: ConsoleContext, corp: Corp, who: RequestConsole): ConsoleMe {
  return toMe(corp, who, { csrfToken: who.csrfToken, method: who.method, expiresAt: who.expiresAt });
}
