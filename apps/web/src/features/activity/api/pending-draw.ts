/**
 * A draw the customer started whose result they have not seen yet (docs/decisions/0120-unseen-draw-result.md).
 * Kept per tab in sessionStorage from the moment the request is sent until the result dialog has
 * opened, so a reload mid-draw can replay the same idempotency key and show what the server drew.
 */
export interface PendingDraw {
  actId: string;
  key: string;
  /** The draw went through the risk-checked path: the replay must take the same path (same request hash). */
  rocc: boolean;
  /** The customer who tapped (session nuid): another customer in the same tab never replays it. */
  owner: string;
  at: number;
}

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * What sessionStorage gave back is a PendingDraw (anything else — edited, truncated, an older shape — is
 * dropped). Written by hand: the first view of a game carries no validation library (ADR 0110).
 */
export function parsePendingDraw(value: unknown): PendingDraw | null {
  if (typeof value !== 'object' || value === null) return null;
  const { actId, key, rocc, owner, at } = value as Record<string, unknown>;
  if (!text(actId, 200) || !text(key, 200) || typeof rocc !== 'boolean' || !text(owner, 200)) return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  return { actId, key, rocc, owner, at };
}

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
      const entry = parsePendingDraw(parsed);
      if (!entry || entry.actId !== actId || now() - entry.at >= PENDING_DRAW_MAX_AGE_MS) {
        s.removeItem(slot(actId));
        return null;
      }
      return entry;
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
