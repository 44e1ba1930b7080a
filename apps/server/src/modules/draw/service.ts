import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { DrawDeps, DrawRequest, DrawServiceDeps } from './deps';
import { drawSurplus } from './draw-surplus';
import { makeDraw } from './make-draw';
import { drawProof } from './proof';
import { verifyActivity } from './verify-activity';

export type { DrawRequest, DrawServiceDeps } from './deps';

/**
 * The draw module by use case, one file each: the draw (make-draw.ts, its transaction in draw-tx.ts), the
 * chances and stock left, and the public proof and verification of the draws.
 */
export function createDrawService(serviceDeps: DrawServiceDeps) {
  // The draws in flight in this process, by corp, customer and key: a second one at once is refused.
  const deps: DrawDeps = { ...serviceDeps, inFlight: new Set<string>() };
  return {
    /** One draw's published data and recomputation, for the public verify page (null: no such draw). */
    proof: async (corpId: string, drawId: string) => {
      const proof = await drawProof(deps.database.db, deps.activities, corpId, drawId);
      if (!proof || !deps.risk) return proof;
      return { ...proof, risk: await deps.risk.decisionOfDraw(corpId, drawId) };
    },
    draw: (corp: Corp, user: RequestUser, req: DrawRequest) => makeDraw(deps, corp, user, req),
    surplus: (corp: Corp, user: RequestUser | null, actId: string) => drawSurplus(deps, corp, user, actId),
    verify: (corpId: string, actId: string) => verifyActivity(deps, corpId, actId),
  };
}
export type DrawService = ReturnType<typeof createDrawService>;
