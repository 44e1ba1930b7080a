type IdleWindow = {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `task` once the browser is idle (after the first paint and the work queued before it), at the
 * latest after `timeoutMs`. For work the first view does not show: page-view records, the data of an
 * activity group's other activities. Returns a cancel for effects that unmount first.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  const w = (typeof window === 'undefined' ? {} : window) as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: timeoutMs });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

let idle: Promise<void> | null = null;
/** Settles once the page has first been idle (see whenIdle), and stays settled: later awaits go at once. */
export function pageIdle(): Promise<void> {
  idle ??= new Promise((resolve) => whenIdle(resolve, 1000));
  return idle;
}
