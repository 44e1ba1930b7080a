import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { previewDraft } from './preview';

/** One preview draw: the engine's rule chain and pick, a fresh seed, nothing stored. */
export async function previewDraw(deps: CampaignLabDeps, corp: Corp | null, token: string) {
  const { engine } = deps;
  const { prizes } = await previewDraft(deps, corp, token);
  const table = engine.effectiveWeights(prizes, 0);
  const { roll } = engine.rollFor(engine.newSeed(), 'preview', String(deps.clock()), table.total);
  const id = engine.pickFromWeights(table, roll);
  const prize = prizes.find((p) => p.id === id);
  return { prizeId: id, name: prize?.name ?? id, kind: prize?.kind ?? 'thanks', preview: true as const };
}
