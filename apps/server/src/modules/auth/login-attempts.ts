import { isTransientConflict, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/errors';

/** Attempts of one log-in that lost a race to a simultaneous first log-in of the same customer. */
const MAX_LOGIN_ATTEMPTS = 6;

/** A concurrent log-in changed what this one read; the transaction is rolled back and run again. */
export class LostRace extends Error {}

/**
 * Runs one log-in transaction until it does not collide with a simultaneous log-in of the same customer:
 * a lost race, a unique constraint another log-in won, a deadlock or serialization failure each run it
 * again after a short random pause. Still colliding after `attempts`: a designed "try again" (409), never
 * a 500; nothing of the failed attempts is stored (each rolled back).
 */
export async function withLoginAttempts<T>(
  run: () => Promise<T>,
  attempts = MAX_LOGIN_ATTEMPTS,
  pause: (attempt: number) => Promise<void> = (n) =>
    new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * n))),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof LostRace || isUniqueViolation(err) || isTransientConflict(err))) throw err;
      if (attempt >= attempts) throw new AppError('CONFLICT_IN_FLIGHT');
      await pause(attempt);
    }
  }
}
