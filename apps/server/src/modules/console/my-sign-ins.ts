import type { ConsoleSignInRecord } from '@campaign/contract';
import type { RequestConsole } from '../../platform/console-session';
import type { ConsoleContext } from './context';

/** The audit entries a sign-in leaves about its member (sign-in-steps.ts): made or refused. */
const SIGN_IN_ACTIONS = ['console.sign-in', 'console.sign-in-failed'] as const;

/**
 * The caller's own recent sign-ins, newest first, from the audit log (every sign-in and every refused attempt
 * at a known account is there, with its time, address and method: no second record is kept).
 */
export async function mySignIns(
  { deps }: ConsoleContext,
  who: RequestConsole,
  page: number,
  pageSize: number,
): Promise<{ total: number; items: ConsoleSignInRecord[] }> {
  const { total, items } = await deps.history.entries(who.corpId, who.id, SIGN_IN_ACTIONS, page, pageSize);
  return {
    total,
    items: items.map((e) => {
      const after = (e.after ?? {}) as { method?: unknown; reason?: unknown };
      const ok = e.action === 'console.sign-in';
      return {
        at: e.at,
        ip: e.ip,
        ok,
        method: after.method === 'sso' ? 'sso' : 'password',
        reason: ok ? null : typeof after.reason === 'string' ? after.reason : null,
      };
    }),
  };
}
