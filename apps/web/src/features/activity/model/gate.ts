import type { ActivityDetail } from '@campaign/contract/client';
import type { RefusalReason } from '../api/draw-runner';
import type { SurplusInfo } from './activity-data';

/** Why the activity could not be shown: the network, a server past capacity (ADR 0054), or no such activity. */
export type LoadFailure = 'offline' | 'busy' | 'missing';

/** What the gate reads of an activity: its status and its window (from the activity detail). */
export type ActivityWindow = Pick<ActivityDetail, 'status' | 'startsAt' | 'endsAt'>;

/** What the game area shows instead of the game (spec: the states users meet are designed). */
export type Gate =
  | 'loading'
  | 'offline'
  | 'busy'
  | 'missing'
  | 'not-started'
  | 'ended'
  | 'paused'
  | 'not-eligible'
  | 'no-chances'
  | 'sold-out'
  | 'paced-out'
  | 'ready';

export interface GateInput {
  activity: ActivityWindow | null;
  /** Server time now (client clock corrected by the offset measured from serverNow). */
  now: number;
  surplus: SurplusInfo | null;
  loggedIn: boolean;
  /** The last draw's refusal, if the server refused it. */
  refusal: RefusalReason | null;
  loadFailed: LoadFailure | null;
}

/** Every non-consolation prize with a stock has none left (the consolation prize has no stock). */
export function soldOut(surplus: SurplusInfo | null): boolean {
  if (!surplus) return false;
  const stocked = surplus.prizes.filter((p) => p.left !== null);
  return stocked.length > 0 && stocked.every((p) => (p.left ?? 0) <= 0);
}

/**
 * While every stocked prize has nothing released left: the soonest next release of a paced one (ADR 0063), so
 * the page says when to come back instead of "sold out"; null otherwise.
 */
export function pacedUntil(surplus: SurplusInfo | null): number | null {
  if (!surplus || !soldOut(surplus)) return null;
  let next: number | null = null;
  for (const p of surplus.prizes) {
    const at = p.nextReleaseAt;
    if (typeof at === 'number' && (next === null || at < next)) next = at;
  }
  return next;
}

export function gateOf(input: GateInput): Gate {
  const { activity, now, surplus, loggedIn, refusal, loadFailed } = input;
  if (loadFailed) return loadFailed;
  if (!activity) return 'loading';
  if (activity.status === 'draft') return 'missing';
  if (activity.status === 'ended' || now >= activity.endsAt || refusal === 'ended') return 'ended';
  if (activity.status === 'paused' || refusal === 'paused') return 'paused';
  if (activity.status === 'scheduled' || now < activity.startsAt || refusal === 'not-started') return 'not-started';
  if (refusal === 'not-eligible') return 'not-eligible';
  if (refusal === 'no-chances' || (loggedIn && surplus !== null && surplus.chancesLeft <= 0)) return 'no-chances';
  if (soldOut(surplus)) return pacedUntil(surplus) === null ? 'sold-out' : 'paced-out';
  return 'ready';
}

/** "3天 04:05:06" style parts of a countdown; all zero once the moment has passed. */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
