/**
 * Platform detection (spec §6, §9). The host apps announce themselves in the user agent:
 * `ElifeApp/<x.y.z>` (the bank's lifestyle app) and `BankApp/<x.y.z>` (the mobile-banking app).
 * See docs/decisions/0105-bridge-protocol.md.
 */
export type Platform = 'ios' | 'android' | 'harmony' | 'other';
export type HostApp = 'elife' | 'bank' | 'none';

/** spec §6: channel number by host app type. */
export const CHANNELS = { elife: 315, bank: 303, none: 312 } as const satisfies Record<HostApp, number>;
export type Channel = (typeof CHANNELS)[HostApp];

/** spec §9: the version used when the user agent does not carry one. */
export const DEFAULT_APP_VERSION = 1000;
/** spec §9: bridge versions below this call the app directly; from it on, the prompt-based path. */
export const PROMPT_BRIDGE_MIN_VERSION = 213;

const HOST_MARKERS: ReadonlyArray<readonly [Exclude<HostApp, 'none'>, RegExp]> = [
  ['elife', /\bElifeApp\/(\d+(?:\.\d+)*)/i],
  ['bank', /\bBankApp\/(\d+(?:\.\d+)*)/i],
];

export interface HostInfo {
  platform: Platform;
  hostApp: HostApp;
  /** Running inside one of the bank's apps (the bridge exists). */
  embedded: boolean;
  channel: Channel;
  appVersion: number;
}

export function detectPlatform(ua: string): Platform {
  // Harmony first: HarmonyOS webviews also mention Android for compatibility.
  if (/OpenHarmony|HarmonyOS|ArkWeb/i.test(ua)) return 'harmony';
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && /Mobile\//i.test(ua))) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'other';
}

export function detectHostApp(ua: string): HostApp {
  for (const [app, marker] of HOST_MARKERS) if (marker.test(ua)) return app;
  return 'none';
}

/** "2.1.3" → 213, "2.13" → 213; DEFAULT_APP_VERSION (1000) when the UA has no parsable version. */
export function appVersionFromUserAgent(ua: string): number {
  for (const [, marker] of HOST_MARKERS) {
    const found = marker.exec(ua)?.[1];
    if (found) {
      const value = Number(found.replace(/\./g, ''));
      if (Number.isSafeInteger(value) && value > 0) return value;
    }
  }
  return DEFAULT_APP_VERSION;
}

export function detectHost(ua: string): HostInfo {
  const hostApp = detectHostApp(ua);
  return {
    platform: detectPlatform(ua),
    hostApp,
    embedded: hostApp !== 'none',
    channel: CHANNELS[hostApp],
    appVersion: appVersionFromUserAgent(ua),
  };
}

export type BridgePath = 'direct' | 'prompt';

/** spec §9: below 213 the bridge calls the app directly, otherwise the prompt-based path. */
export function bridgePathFor(appVersion: number): BridgePath {
  return appVersion < PROMPT_BRIDGE_MIN_VERSION ? 'direct' : 'prompt';
}

let userAgentOverride: string | null = null;

/** The simulated host (demo/dev only) pretends to be an app by overriding the UA seen here. */
export function setUserAgentOverride(ua: string | null): void {
  userAgentOverride = ua;
}

export function currentUserAgent(): string {
  return userAgentOverride ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

export function currentHost(): HostInfo {
  return detectHost(currentUserAgent());
}
