import type { DrawProof } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { effectiveWeights, pickFromWeights } from './engine';
import { commitment, rollFor } from './fairness';
import { percentText } from './odds';
import type { ActivityPort } from './ports';
import * as repo from './repo';

/**
 * One draw as the public verify page shows it (docs/decisions/0349-public-verify.md): the record, the
 * prize table of the version it was made under with the weights at its draw index, the commitment, and —
 * once the campaign has ended — the seed and this server's recomputation (the page recomputes it again
 * in the browser from the same data).
 */
export async function drawProof(
  db: Own<'draw'>,
  activities: Pick<ActivityPort, 'fairnessRecord' | 'load'>,
  corpId: string,
  drawId: string,
): Promise<DrawProof | null> {
  const d = await repo.drawById(db, corpId, drawId);
  if (!d) return null;
  const [act, loaded] = await Promise.all([
    activities.fairnessRecord(corpId, d.act_id),
    activities.load(corpId, d.act_id),
  ]);
  if (!act) return null;
  // Today's names (a prize's name is not part of what a draw decides; its id and weight are).
  const nameOf = (id: string) => loaded?.byId.get(id)?.name ?? id;
  const prizes = act.versions.find((v) => v.version === d.version)?.prizes ?? [];
  const table = prizes.length > 0 ? effectiveWeights(prizes, d.draw_index) : { weights: [], total: 0 };
  const seed = act.ended ? act.seed : null;
  let check: DrawProof['check'] = null;
  if (seed && table.total > 0) {
    const { roll, rollHex } = rollFor(seed, d.user_id, d.nonce, table.total);
    check = {
      commitmentOk: commitment(seed) === act.commitment.toLowerCase(),
      rollOk: rollHex === d.roll_hex.toLowerCase(),
      pickOk: pickFromWeights(table, roll) === d.picked_prize_id,
    };
  }
  return {
    actId: d.act_id,
    actTitle: loaded?.row.title ?? '',
    drawId: d.id,
    userId: d.user_id,
    drawNonce: d.nonce,
    drawIndex: d.draw_index,
    rollHex: d.roll_hex,
    pickedPrizeId: d.picked_prize_id,
    awardedPrizeId: d.awarded_prize_id,
    fallbackReason: d.fallback_reason,
    // The odds this draw had, as the rules page words them (12.50%): the weights stay for the recomputation.
    table: table.weights.map((w) => ({
      id: w.id,
      name: nameOf(w.id),
      weight: w.weight,
      percentText: percentText(w.weight, table.total),
    })),
    commitment: act.commitment,
    seed,
    check,
    // The risk decision behind it, if any, is added by the service (modules/risk through its port).
    risk: null,
  };
}
