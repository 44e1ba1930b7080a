/** Cookie names shared by server and client (spec §3, §4, §9). */
export const COOKIES = {
  session: 'sid',
  /** A staff member's session (clerk, approver, operator): never the same cookie as a customer's. */
  staffSession: 'ssid',
  /** A console session (operator console, /console/): its own cookie, SameSite=Strict. */
  consoleSession: 'console_sid',
  /** The console's single sign-on in progress (state, nonce, PKCE verifier), sealed, for 10 minutes. */
  consoleSso: 'console_sso',
  corpId: 'corpId',
  encid: 'encid',
  isElife: 'isElife',
  grayTag: 'X-Tag',
} as const;
export const GRAY_TAG_VALUE = 'gray-bmcs';
export const GRAY_SCENE = 'bmcs';
/** spec §4: 0 when the X-Tag cookie equals gray-bmcs, otherwise 1. */
export function grayFlagFromCookie(xTag: string | undefined | null): 0 | 1 {
  return xTag === GRAY_TAG_VALUE ? 0 : 1;
}
/** Header the web client sends on every state-changing request (CSRF defence beside Origin). */
export const CLIENT_HEADER = 'x-campaign-client';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The console's per-session CSRF token (from GET /console/me), required on every non-GET console call. */
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
/**
 * `1` on a console read the page makes by itself (the kill-switch poll): answered as any other, but not the
 * user's activity, so a console left open still ends after its idle minutes.
 */
export const CONSOLE_BACKGROUND_HEADER = 'x-console-background';
/**
 * `<meta name=… content="1">` the server adds to the H5's page when it runs in demo mode: the one switch
 * for demo-only client features (the simulated native host), decided at run time, never baked into a build.
 */
export const DEMO_PAGE_META = 'campaign-demo';
