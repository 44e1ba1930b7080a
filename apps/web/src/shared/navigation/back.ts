/**
 * How many in-app screens lie behind the current history entry (the router writes `{ depth }` on every push;
 * an entry the host app or a link opened has none). docs/decisions/0151-one-back-control.md.
 */
export function inAppDepth(): number {
  if (typeof window === 'undefined') return 0;
  const state: unknown = window.history.state;
  const depth = state && typeof state === 'object' ? Reflect.get(state, 'depth') : 0;
  return typeof depth === 'number' && depth > 0 ? depth : 0;
}

/**
 * The spec's back: the previous screen of this visit when there is one, otherwise the screen's parent
 * (`fallback`, replacing this entry) — never out of the H5 into the host's blank page.
 */
export function goBack(
  navigate: { (to: string, o?: { replace?: boolean }): void; (delta: number): void },
  fallback: string,
): void {
  if (inAppDepth() > 0) navigate(-1);
  else navigate(fallback, { replace: true });
}
