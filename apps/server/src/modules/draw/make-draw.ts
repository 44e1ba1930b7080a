import { type DrawResult, isDrawnType } from '@campaign/contract';
import { isLockBusy, isOverloaded } from '../../db/pg-group-commit';
import { transact } from '../../db/tx';
import { sha256Hex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { checkRisk } from './check-risk';
import type { DrawDeps, DrawRequest } from './deps';
import { drawTx } from './draw-tx';
import type { DrawableActivity } from './ports';
import { replayDraw, replayOf } from './replay-draw';

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'));
};

/** Tries of one draw that keeps losing its draw position or key to simultaneous draws of the customer. */
const MAX_DRAW_ATTEMPTS = 6;

/** A customer's draw: once per Idempotency-Key, one at a time per key in this process. */
export async function makeDraw(
  deps: DrawDeps,
  corp: Corp,
  user: RequestUser,
  request: DrawRequest,
): Promise<DrawResult> {
  let req = request;
  const { inFlight } = deps;
  const flightKey = `${corp.id}|${user.id}|${req.idemKey}`;
  if (inFlight.has(flightKey)) throw new AppError('CONFLICT_IN_FLIGHT');
  inFlight.add(flightKey);
  try {
    // The device is part of what a key stands for: the same key from another device is another request.
    const requestHash = sha256Hex(`${req.via}|${req.actId}|${req.deviceId ?? ''}`);
    // The risk hook judges new draws only: a retry through rocc is answered before it (and not logged).
    if (req.via === 'rocc') {
      const earlier = await replayDraw(deps, corp, user, req.idemKey, requestHash);
      if (earlier) return earlier;
    }
    let act: DrawableActivity;
    try {
      act = await deps.activities.admit(corp, user, req.actId);
      // An offer or a ranking season is never drawn, whatever weights its prize table carries.
      if (!isDrawnType(act.row.type)) throw new AppError('ACTIVITY_NOT_FOUND');
      // A campaign whose group has rocc on is judged on every path: the plain lottery path cannot skip it.
      if (req.via === 'rocc' || act.riskChecked)
        req = { ...req, risk: await checkRisk(deps, corp, user, req, act.riskFailPolicy) };
    } catch (err) {
      // Refused (ended since, no longer eligible): a retry of a draw that was made still gets that draw.
      // A new draw's key is looked up in its transaction (drawTx), not here: one statement fewer.
      const earlier = err instanceof AppError ? await replayDraw(deps, corp, user, req.idemKey, requestHash) : null;
      if (earlier) return earlier;
      throw err;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        // Draws of different customers touch their own rows and the stock (a conditional decrement):
        // they may run side by side in a batch (db/pg-group-commit.ts), one per customer and activity.
        const done = await transact(deps.database, (x) => drawTx(deps, x, corp, user, act, req, requestHash), {
          pipelineKey: `${corp.id}|${act.row.id}|${user.id}`,
          since: req.receivedAt,
        });
        return 'earlier' in done ? await replayOf(deps, corp, user, done.earlier, requestHash) : done;
      } catch (err) {
        // Not run: the database is past capacity (429), or the draw waited its turn behind the customer's
        // other draws for too long (db/pg-group-commit.ts). A retry of a draw that was made still gets it.
        if (isOverloaded(err) || isLockBusy(err)) {
          const earlier = await replayDraw(deps, corp, user, req.idemKey, requestHash);
          if (earlier) return earlier;
          throw isLockBusy(err) ? new AppError('DRAW_BUSY') : err;
        }
        if (!isUniqueViolation(err)) throw err;
        // Still colliding after several tries: a designed "try again", never a 500.
        if (attempt >= MAX_DRAW_ATTEMPTS - 1) throw new AppError('DRAW_BUSY');
        // Another request of this user took the same draw position, or finished under our key first.
        const again = await replayDraw(deps, corp, user, req.idemKey, requestHash);
        if (again) return again;
      }
    }
  } finally {
    inFlight.delete(flightKey);
  }
}
