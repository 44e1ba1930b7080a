import { own } from '../../db/owners';
import { createLifecycle } from './lifecycle';
import { createReads } from './reads';
import * as repo from './repo';
import { createRunning } from './running';
import { type CampaignsDeps, campaignHelpers } from './shared';

export type { Acting } from './shared';

/**
 * Console campaigns by use case (docs/decisions/0340-console-campaigns.md): what the console reads, how a
 * campaign is made and approved (maker ≠ checker, N of M), and how a published one runs (pause, resume,
 * archive, the clock). The live side stays the activity module's, reached through ports.
 */
export function createCampaignsService(deps: CampaignsDeps) {
  const h = campaignHelpers(deps);
  return {
    reads: createReads(deps, h),
    lifecycle: createLifecycle(deps, h),
    running: createRunning(deps, h),
    /** Campaign titles by id (the audit log's subjects). */
    titles: (corpId: string, ids: string[]) => repo.titles(own('campaigns', deps.database.db), corpId, ids),
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
