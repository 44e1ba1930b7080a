import { COOKIES, GRAY_SCENE, GRAY_TAG_VALUE } from '@campaign/contract/client';
import { writeCookie } from '../shared/lib/cookies';
import type { StartupParams } from '../shared/lib/query-params';

/** Set once per tab when the gray release reloaded the page, so it never reloads twice. */
export const GRAY_RELOAD_MARK = 'CAMPAIGN_GRAY_RELOADED';

export interface GrayDeps {
  cookie: (name: string) => string | undefined;
  setCookie: (name: string, value: string) => void;
  grayCheck: (scene: typeof GRAY_SCENE) => Promise<{ gray: boolean }>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  log: (message: string, error?: unknown) => void;
}

export type GrayOutcome = 'tagged' | 'reloading' | 'unchanged' | 'already-reloaded' | 'no-corp' | 'check-failed';

/**
 * spec §4 gray release: isGray=1 sets the gray tag cookie; else with a corpId the gray-check runs
 * and the page reloads once if the X-Tag cookie changed on a fresh load; otherwise continue.
 * "Fresh" = this tab has not reloaded for gray yet; the mark is cleared once a load sees no change,
 * so a later corp switch may reload again — but two automatic reloads in a row never happen.
 */
export async function grayRelease(
  params: Pick<StartupParams, 'isGray' | 'corpId'>,
  deps: GrayDeps,
): Promise<GrayOutcome> {
  if (params.isGray === '1') {
    deps.setCookie(COOKIES.grayTag, GRAY_TAG_VALUE);
    return 'tagged';
  }
  if (!params.corpId) {
    deps.log('[gray] no corpId, skipping the gray check');
    return 'no-corp';
  }
  const before = deps.cookie(COOKIES.grayTag);
  let gray: boolean;
  try {
    ({ gray } = await deps.grayCheck(GRAY_SCENE));
  } catch (error) {
    deps.log('[gray] gray check failed, continuing', error);
    return 'check-failed';
  }
  // The server sets or clears X-Tag; if the cookie is not readable, the answer tells what it became.
  const after = deps.cookie(COOKIES.grayTag) ?? (gray ? GRAY_TAG_VALUE : undefined);
  if (before === after) {
    deps.storage.removeItem(GRAY_RELOAD_MARK);
    return 'unchanged';
  }
  if (deps.storage.getItem(GRAY_RELOAD_MARK)) return 'already-reloaded';
  deps.storage.setItem(GRAY_RELOAD_MARK, '1');
  deps.reload();
  return 'reloading';
}

/** spec §4: routes on which the start-up page-view record is not sent. */
export const PAGE_VIEW_EXCLUDED = [
  'scratchPlayShare',
  'newCustomers',
  'newCustomersShare',
  'wechatCoupon',
  'visitShopShare',
  'commonActivityShare',
] as const;

export function pageViewApplies(actId: string | null, pathname: string): actId is string {
  if (!actId) return false;
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return !(PAGE_VIEW_EXCLUDED as readonly string[]).includes(first);
}

/** spec §4: a page-view record at start-up when actId exists (failures are only logged). */
export async function recordPageView(
  actId: string | null,
  pathname: string,
  send: (actId: string) => Promise<unknown>,
  log: (message: string, error?: unknown) => void,
): Promise<boolean> {
  if (!pageViewApplies(actId, pathname)) return false;
  try {
    await send(actId);
    return true;
  } catch (error) {
    log('[page-view] record failed', error);
    return false;
  }
}

/** At start-up, a corpId in the URL is remembered in the corpId cookie for later requests. */
export function rememberCorpId(
  corpId: string | null,
  setCookie: (name: string, value: string) => void = writeCookie,
): void {
  if (corpId) setCookie(COOKIES.corpId, corpId);
}
