import { z } from 'zod';

/**
 * A draw the customer started whose result they have not seen yet (docs/decisions/0120-unseen-draw-result.md).
 * Kept per tab in sessionStorage from the moment the request is sent until the result dialog has
 * opened, so a reload mid-draw can replay the same idempotency key and show what the server drew.
 */
export const pendingDrawSchema = z.object({
  actId: z.string().min(1),
  key: z.string().min(1).max(200),
  /** The draw went through the risk-checked path: the replay must take the same path (same request hash). */
  rocc: z.boolean(),
  /** The customer who tapped (session nuid): another customer in the same tab never replays it. */
  owner: z.string().min(1),
  at: z.number(),
});
export type PendingDraw = z.infer<typeof pendingDrawSchema>;

export const PENDING_DRAW_PREFIX = 'CAMPAIGN_PENDING_DRAW:';
/** Older entries are dropped unread: the result is in "my prizes" by then. */
export const PENDING_DRAW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingDraws {
  /** The unseen draw of this activity, if it is still fresh and well-formed. */
  get(actId: string): PendingDraw | null;
  put(entry: PendingDraw): void;
  /** Forget it (result shown, or the server refused so nothing was drawn); only if the key still matches. */
  drop(actId: string, key?: string): void;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage failures (private mode, quota, a webview without sessionStorage) degrade to "nothing kept". */
export function createPendingDraws(storage: () => Store | null, now: () => number): PendingDraws {
  const slot = (actId: string) => `${PENDING_DRAW_PREFIX}${actId}`;
  const attempt = <T>(fn: (s: Store) => T, fallback: T): T => {
    try {
      const s = storage();
      return s ? fn(s) : fallback;
    } catch {
      return fallback;
    }
  };
  const read = (actId: string): PendingDraw | null =>
    attempt((s) => {
      const raw = s.getItem(slot(actId));
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      const entry = pendingDrawSchema.safeParse(parsed);
      const fresh = entry.success && entry.data.actId === actId && now() - entry.data.at < PENDING_DRAW_MAX_AGE_MS;
      if (!fresh || !entry.success) {
        s.removeItem(slot(actId));
        return null;
      }
      return entry.data;
    }, null);
  return {
    get: read,
    put: (entry) => attempt((s) => s.setItem(slot(entry.actId), JSON.stringify(entry)), undefined),
    drop: (actId, key) => {
      if (key !== undefined && read(actId)?.key !== key) return;
      attempt((s) => s.removeItem(slot(actId)), undefined);
    },
  };
}

export const browserPendingDraws: PendingDraws = createPendingDraws(
  () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  () => Date.now(),
);
