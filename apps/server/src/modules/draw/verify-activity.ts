import { AppError } from '../../platform/errors';
import type { DrawServiceDeps } from './deps';
import * as repo from './repo';
import { verifyDraws } from './verify';

/** Recompute every draw from the revealed seed and each version's published table. */
export async function verifyActivity(deps: DrawServiceDeps, corpId: string, actId: string) {
  const act = await deps.activities.fairnessRecord(corpId, actId);
  if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
  if (!act.ended) throw new AppError('SEED_NOT_REVEALED');
  const draws = await repo.allDraws(deps.database.db, corpId, actId);
  let checked = 0;
  let commitmentOk = true;
  const mismatches: { drawId: string; reason: string }[] = [];
  for (const v of act.versions) {
    const r = verifyDraws({
      seedHex: act.seed,
      commitment: act.commitment,
      prizes: v.prizes,
      draws: draws
        .filter((d) => d.version === v.version)
        .map((d) => ({
          id: d.id,
          userId: d.user_id,
          drawNonce: d.nonce,
          drawIndex: d.draw_index,
          pickedPrizeId: d.picked_prize_id,
          awardedPrizeId: d.awarded_prize_id,
          fallbackReason: d.fallback_reason,
          rollHex: d.roll_hex,
        })),
      complete: act.versions.length === 1,
    });
    checked += r.checked;
    commitmentOk &&= r.commitmentOk;
    mismatches.push(...r.mismatches.map((m) => ({ drawId: String(m.drawId), reason: m.reason })));
  }
  const unversioned = draws.filter((d) => !act.versions.some((v) => v.version === d.version));
  mismatches.push(...unversioned.map((d) => ({ drawId: d.id, reason: 'unknown-version' })));
  return {
    actId,
    ok: commitmentOk && mismatches.length === 0,
    commitmentOk,
    checked,
    mismatches,
    seed: act.seed,
    commitment: act.commitment,
  };
}
