import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { pauseCampaign } from './pause-campaign';
import type { Acting, CampaignHelpers, CampaignsDeps } from './shared';

export type PauseResult = { id: string; ok: boolean; message: string | null };

/**
 * Pauses several campaigns, one after another, each through the pause of one (its state check, its
 * transaction, its audit entry): one that cannot be paused says why and the others go on. Each id once.
 */
export async function pauseCampaigns(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Acting,
  corp: Corp,
  ids: readonly string[],
): Promise<{ results: PauseResult[] }> {
  const results: PauseResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await pauseCampaign(deps, h, acting, corp, id);
      results.push({ id, ok: true, message: null });
    } catch (err) {
      // A refusal (not found, not live) is the row's answer; anything else fails the request as usual.
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, message: err.messageFor(acting.locale) });
    }
  }
  return { results };
}
