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
  return internalPath(target) ?? fallback;
}

// Any origin works as the base: only "does the target stay on it" matters.
const PROBE_ORIGIN = 'http://h5.invalid';

/** A path the browser would read as another host: "//evil" and "/\\evil" are network-path references. */
const leavesOrigin = (pathname: string) => pathname.startsWith('//') || pathname.startsWith('/\\');

/** The same-origin path of `target` parsed against the probe origin, or null. */
function parsedPath(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || leavesOrigin(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The same-origin path of a redirect target, or null. Parsed the way the browser will parse it, so
 * "/\t/evil.com" (tabs and newlines are dropped → "//evil.com"), "/\\evil.com" and "/.//evil.com" (dot
 * segments are removed → "//evil.com") are refused; so is a path that becomes one of those once a later
 * hop decodes it ("/%2F%2Fevil.com").
 */
export function internalPath(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || leavesOrigin(target)) return null;
  const path = parsedPath(target);
  if (!path) return null;
  // Only the path part: a query may carry anything, encoded or not.
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  return leavesOrigin(decoded) || !parsedPath(decoded) ? null : path;
}
