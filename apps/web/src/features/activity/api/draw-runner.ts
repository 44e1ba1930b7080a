import { COOKIES, type DrawResult, ERRORS, grayFlagFromCookie, routes } from '@campaign/contract/client';
import { CallFailure } from '#web/api/errors';
import type { CallLoose } from '#web/api/request';
import type { PendingDraws } from './pending-draw';

export type RefusalReason =
  | 'not-started'
  | 'ended'
  | 'paused'
  | 'not-eligible'
  | 'no-chances'
  | 'risk'
  | 'step-up'
  | 'busy'
  | 'error';

export type DrawOutcome =
  | { kind: 'won'; result: DrawResult }
  | { kind: 'refused'; reason: RefusalReason; message: string }
  /** Not logged in (or the session expired): the screen sends the user to /login?redirect=…. */
  | { kind: 'login' }
  /** The network failed on every attempt; the key is kept, so the next tap replays the same draw. */
  | { kind: 'offline' };

const REASON_BY_CODE: Readonly<Record<number, RefusalReason>> = {
  [ERRORS.ACTIVITY_NOT_STARTED.code]: 'not-started',
  [ERRORS.ACTIVITY_ENDED.code]: 'ended',
  [ERRORS.ACTIVITY_NOT_FOUND.code]: 'ended',
  [ERRORS.ACTIVITY_PAUSED.code]: 'paused',
  [ERRORS.NOT_ELIGIBLE.code]: 'not-eligible',
  [ERRORS.NO_CHANCES.code]: 'no-chances',
  [ERRORS.RISK_REFUSED.code]: 'risk',
  [ERRORS.RISK_STEP_UP.code]: 'step-up',
  [ERRORS.RATE_LIMITED.code]: 'busy',
  [ERRORS.BUSY.code]: 'busy',
};

export interface DrawRunnerDeps {
  call: CallLoose;
  newKey: () => string;
  wait: (ms: number) => Promise<void>;
  cookie: (name: string) => string | undefined;
  /** Where a sent draw waits until its result was shown (survives a reload); none = memory only. */
  pending?: PendingDraws;
  now?: () => number;
}

export interface DrawOptions {
  /** The group's rocc switch is 1: draw through the risk-checked path. */
  rocc: boolean;
  deviceId?: string;
  /** The customer drawing (session nuid): with it, the sent key is kept for a replay after a reload. */
  owner?: string;
}

/** Pauses before attempts 2, 3… of one tap (network failure, 5xx, or 409 while the first is in flight). */
export const RETRY_DELAYS_MS: readonly number[] = [400, 1200];

type Attempt = { done: DrawOutcome } | { retry: 'network' | 'in-flight' };

function classify(error: unknown): Attempt {
  if (!(error instanceof CallFailure)) return { retry: 'network' };
  if (error.code === ERRORS.UNAUTHENTICATED.code || error.status === 401) return { done: { kind: 'login' } };
  if (error.status === ERRORS.CONFLICT_IN_FLIGHT.status && error.code === undefined) return { retry: 'in-flight' };
  if (error.code !== undefined) {
    const reason = REASON_BY_CODE[error.code] ?? 'error';
    return { done: { kind: 'refused', reason, message: error.detail } };
  }
  if (error.status === ERRORS.RATE_LIMITED.status)
    return { done: { kind: 'refused', reason: 'busy', message: error.detail } };
  // No status = the request never got an answer; 5xx = the server may or may not have committed.
  if (error.status === undefined || error.status >= 500) return { retry: 'network' };
  return { done: { kind: 'refused', reason: 'error', message: error.detail } };
}

/**
 * One tap = one idempotency key. The key is created on the tap and reused for every retry of that
 * tap — including the next tap after the network gave up — so a draw the server did record is shown,
 * never drawn twice. The key is dropped once the server has answered (a result or a refusal). With
 * `deps.pending` and an `owner`, a sent key also outlives the page until its result was shown (`resume`,
 * `seen`; docs/decisions/0120-unseen-draw-result.md).
 */
export function createDrawRunner(deps: DrawRunnerDeps) {
  let pendingKey: string | null = null;
  /** The key of the last result returned: `seen` forgets that one only, never a newer tap's. */
  let wonKey: string | null = null;
  let inFlight: Promise<DrawOutcome> | null = null;

  const send = (actId: string, key: string, opts: DrawOptions) => {
    const body = opts.deviceId ? { actId, deviceId: opts.deviceId } : { actId };
    if (opts.rocc) {
      const nuid = deps.cookie(COOKIES.encid);
      const grayflag = grayFlagFromCookie(deps.cookie(COOKIES.grayTag)) === 0 ? '0' : '1';
      return deps.call(routes.roccLottery, {
        query: nuid ? { nuid, grayflag } : { grayflag },
        body,
        idempotencyKey: key,
        quiet: true,
      });
    }
    return deps.call(routes.lottery, { body, idempotencyKey: key, quiet: true });
  };

  const run = async (actId: string, opts: DrawOptions): Promise<DrawOutcome> => {
    pendingKey ??= deps.newKey();
    const key = pendingKey;
    // Stored before the request leaves: a reload at any moment after this can still show the result.
    if (opts.owner) deps.pending?.put({ actId, key, rocc: opts.rocc, owner: opts.owner, at: (deps.now ?? Date.now)() });
    for (let attempt = 0; ; attempt++) {
      let outcome: Attempt;
      try {
        const result = await send(actId, key, opts);
        outcome = { done: { kind: 'won', result } };
      } catch (error) {
        outcome = classify(error);
      }
      if ('done' in outcome) {
        pendingKey = null;
        // A refusal drew nothing: nothing to show later. A result stays until the screen has shown it (`seen`).
        if (outcome.done.kind !== 'won') deps.pending?.drop(actId, key);
        else wonKey = key;
        return outcome.done;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return { kind: 'offline' };
      await deps.wait(outcome.retry === 'in-flight' ? delay / 2 : delay);
    }
  };

  const draw = (actId: string, opts: DrawOptions): Promise<DrawOutcome> => {
    if (inFlight) return inFlight;
    inFlight = run(actId, opts).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    /** A second tap while a draw is running joins it instead of starting another. */
    draw,
    /**
     * The draw `owner` sent for this activity before a reload (or leaving the page), replayed with its
     * key so the server returns that very result and draws nothing new; null when there is none.
     */
    resume(actId: string, owner: string): Promise<DrawOutcome> | null {
      const unseen = deps.pending?.get(actId);
      if (!unseen || unseen.owner !== owner) return null;
      if (!inFlight) pendingKey = unseen.key;
      return draw(actId, { rocc: unseen.rocc, owner });
    },
    /** The result has been shown: a later visit has nothing to replay. */
    seen(actId: string): void {
      if (wonKey) deps.pending?.drop(actId, wonKey);
    },
    /** The key the next tap will reuse (a network failure left it), or null. */
    pendingKey: (): string | null => pendingKey,
  };
}

export type DrawRunner = ReturnType<typeof createDrawRunner>;
