/** spec §3: the URL query parameters the app reads at start-up (plus the demo-only mockBridge flag). */
export interface StartupParams {
  isApp: string | null;
  code: string | null;
  corpId: string | null;
  isGray: string | null;
  actId: string | null;
  mockBridge: string | null;
}

export function readStartupParams(search: string): StartupParams {
  const q = new URLSearchParams(search);
  return {
    isApp: q.get('isApp'),
    code: q.get('code'),
    corpId: q.get('corpId'),
    isGray: q.get('isGray'),
    actId: q.get('actId'),
    mockBridge: q.get('mockBridge'),
  };
}

/** Only same-app paths may be redirect targets: "/x" yes, "//evil.com" or "https://…" never. */
export function safeInternalPath(target: string | null | undefined, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
