/**
 * spec §4: open-id resolution before each navigation, only when isApp equals 2 and the stored app
 * version is not 2. Use the stored open id if present; else exchange a `code` parameter and store
 * the id; on error log and continue with an empty id.
 */
export interface OpenIdGuardDeps {
  isApp: string | null;
  appVersion: string | null;
  storedOpenId: string;
  code: string | null;
  exchange: (code: string) => Promise<string>;
  store: (openId: string) => void;
  log: (message: string, error: unknown) => void;
}

export type OpenIdOutcome =
  | { kind: 'skipped' }
  | { kind: 'stored'; openId: string }
  | { kind: 'exchanged'; openId: string }
  | { kind: 'failed'; openId: '' }
  | { kind: 'none'; openId: '' };

export function openIdGuardApplies(isApp: string | null, appVersion: string | null): boolean {
  return isApp === '2' && appVersion !== '2';
}

/** A code is exchanged once: a failed one is not retried on every later navigation. */
const triedCodes = new Set<string>();

export function forgetTriedCodes(): void {
  triedCodes.clear();
}

export async function resolveOpenId(deps: OpenIdGuardDeps): Promise<OpenIdOutcome> {
  if (!openIdGuardApplies(deps.isApp, deps.appVersion)) return { kind: 'skipped' };
  if (deps.storedOpenId) return { kind: 'stored', openId: deps.storedOpenId };
  if (!deps.code || triedCodes.has(deps.code)) return { kind: 'none', openId: '' };
  triedCodes.add(deps.code);
  try {
    const openId = await deps.exchange(deps.code);
    deps.store(openId);
    return { kind: 'exchanged', openId };
  } catch (error) {
    deps.log('[open-id] exchange failed, continuing without an open id', error);
    deps.store('');
    return { kind: 'failed', openId: '' };
  }
}
