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

/**
 * The watchers of each dashboard on this node. While anyone watches, every tick folds the deltas (every
 * node's draws are in the shared database, so each node sees all of them within a tick) and pushes the
 * dashboards that changed. Nothing runs while nobody watches.
 */
export function createLive(deps: {
  fold: () => Promise<number>;
  dashboard: (corpId: string, actId: string | undefined) => Promise<Dashboard>;
  onError: (err: unknown) => void;
}) {
  const watches = new Map<string, Watch>();
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  /** Ends every open stream (the server is closing). */
  const enders = new Set<() => void>();
  /** Open streams per viewer (a console user's id). */
  const viewers = new Map<string, number>();

  const signature = (d: Dashboard) => JSON.stringify({ ...d, asOf: 0 });

  async function tick() {
    if (busy) return;
    busy = true;
    try {
      await deps.fold();
      for (const w of watches.values()) {
        const d = await deps.dashboard(w.corpId, w.actId);
        const sig = signature(d);
        if (sig === w.last) continue;
        w.last = sig;
        for (const send of w.sends) send(d);
      }
    } catch (err) {
      deps.onError(err);
    } finally {
      busy = false;
    }
  }

  return {
    /** Whether `viewer` may open one more stream on this node now. */
    mayWatch: (viewer: string) =>
      enders.size < MAX_STREAMS_PER_NODE && (viewers.get(viewer) ?? 0) < MAX_STREAMS_PER_VIEWER,
    /** Starts pushing `first`'s successors to `send`; returns the unsubscribe. */
    subscribe(
      viewer: string,
      corpId: string,
      actId: string | undefined,
      first: Dashboard,
      send: Send,
      end: () => void,
    ): () => void {
      viewers.set(viewer, (viewers.get(viewer) ?? 0) + 1);
      let open = true;
      const key = `${corpId}|${actId ?? ''}`;
      let w = watches.get(key);
      if (!w) {
        w = { corpId, actId, sends: new Set(), last: signature(first) };
        watches.set(key, w);
      }
      w.sends.add(send);
      enders.add(end);
      if (!timer) {
        timer = setInterval(() => void tick(), LIVE_TICK_MS);
        timer.unref();
      }
      return () => {
        if (!open) return;
        open = false;
        const n = (viewers.get(viewer) ?? 1) - 1;
        if (n > 0) viewers.set(viewer, n);
        else viewers.delete(viewer);
        enders.delete(end);
        const had = watches.get(key);
        had?.sends.delete(send);
        if (had && !had.sends.size) watches.delete(key);
        if (!watches.size && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    watching: () => watches.size,
    close() {
      for (const end of [...enders]) end();
      enders.clear();
      watches.clear();
      viewers.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
