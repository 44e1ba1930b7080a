import type { Dashboard } from '@campaign/contract';

/** How often a node folds and looks for changed numbers while someone watches: well inside the 2 s promise. */
export const LIVE_TICK_MS = 500;
/**
 * Open streams a node keeps for one console user (a few tabs: the corp's view and some campaigns) and in
 * all: each holds a socket and, per campaign watched, a dashboard read every tick. Past either, a new stream
 * is refused (429); the screen keeps its last numbers, says it is reconnecting, and tries again.
 */
export const MAX_STREAMS_PER_VIEWER = 6;
export const MAX_STREAMS_PER_NODE = 500;

type Send = (d: Dashboard) => void;
interface Watch {
  corpId: string;
  actId: string | undefined;
  sends: Set<Send>;
  /** The last answer sent, without its time: pushed again only when a number changed. */
  last: string;
}

interface LiveDeps {
  fold: () => Promise<number>;
  dashboard: (corpId: string, actId: string | undefined) => Promise<Dashboard>;
  onError: (err: unknown) => void;
}

/** One node's watchers, shared by the steps below. */
interface LiveState {
  watches: Map<string, Watch>;
  timer: NodeJS.Timeout | null;
  busy: boolean;
  /** Ends every open stream (the server is closing). */
  enders: Set<() => void>;
  /** Open streams per viewer (a console user's id). */
  viewers: Map<string, number>;
}

const signature = (d: Dashboard) => JSON.stringify({ ...d, asOf: 0 });

/** Folds, then pushes each watched dashboard whose numbers changed (one tick at a time). */
async function tick(s: LiveState, deps: LiveDeps) {
  if (s.busy) return;
  s.busy = true;
  try {
    await deps.fold();
    for (const w of s.watches.values()) {
      const d = await deps.dashboard(w.corpId, w.actId);
      const sig = signature(d);
      if (sig === w.last) continue;
      w.last = sig;
      for (const send of w.sends) send(d);
    }
  } catch (err) {
    deps.onError(err);
  } finally {
    s.busy = false;
  }
}

/** Starts pushing `first`'s successors to `send`; returns the unsubscribe. */
function subscribe(
  s: LiveState,
  deps: LiveDeps,
  viewer: string,
  corpId: string,
  actId: string | undefined,
  first: Dashboard,
  send: Send,
  end: () => void,
): () => void {
  s.viewers.set(viewer, (s.viewers.get(viewer) ?? 0) + 1);
  let open = true;
  const key = `${corpId}|${actId ?? ''}`;
  let w = s.watches.get(key);
  if (!w) {
    w = { corpId, actId, sends: new Set(), last: signature(first) };
    s.watches.set(key, w);
  }
  w.sends.add(send);
  s.enders.add(end);
  if (!s.timer) {
    s.timer = setInterval(() => void tick(s, deps), LIVE_TICK_MS);
    s.timer.unref();
  }
  return () => {
    if (!open) return;
    open = false;
    unsubscribe(s, viewer, key, send, end);
  };
}

function unsubscribe(s: LiveState, viewer: string, key: string, send: Send, end: () => void) {
  const n = (s.viewers.get(viewer) ?? 1) - 1;
  if (n > 0) s.viewers.set(viewer, n);
  else s.viewers.delete(viewer);
  s.enders.delete(end);
  const had = s.watches.get(key);
  had?.sends.delete(send);
  if (had && !had.sends.size) s.watches.delete(key);
  if (!s.watches.size && s.timer) {
    clearInterval(s.timer);
    s.timer = null;
  }
}

/**
 * The watchers of each dashboard on this node. While anyone watches, every tick folds the deltas (every
 * node's draws are in the shared database, so each node sees all of them within a tick) and pushes the
 * dashboards that changed. Nothing runs while nobody watches.
 */
export function createLive(deps: LiveDeps) {
  const s: LiveState = { watches: new Map(), timer: null, busy: false, enders: new Set(), viewers: new Map() };
  return {
    /** Whether `viewer` may open one more stream on this node now. */
    mayWatch: (viewer: string) =>
      s.enders.size < MAX_STREAMS_PER_NODE && (s.viewers.get(viewer) ?? 0) < MAX_STREAMS_PER_VIEWER,
    /** Starts pushing `first`'s successors to `send`; returns the unsubscribe. */
    subscribe: subscribe.bind(null, s, deps),
    watching: () => s.watches.size,
    close() {
      for (const end of [...s.enders]) end();
      s.enders.clear();
      s.watches.clear();
      s.viewers.clear();
      if (s.timer) clearInterval(s.timer);
      s.timer = null;
    },
  };
}
