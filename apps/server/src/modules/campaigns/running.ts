import type { Corp } from '../../platform/tenancy';
import { archiveCampaign } from './archive-campaign';
import { tickCampaigns } from './campaign-clock';
import { pauseCampaign } from './pause-campaign';
import { pauseCampaigns } from './pause-many';
import { resumeCampaign } from './resume-campaign';
import type { Acting, CampaignHelpers, CampaignsDeps } from './shared';

/** A published campaign running: pause and resume (every node within 2 s), archive, and the clock. */
export function createRunning(deps: CampaignsDeps, h: CampaignHelpers) {
  return {
    pause: (acting: Acting, corp: Corp, id: string) => pauseCampaign(deps, h, acting, corp, id),
    pauseMany: (acting: Acting, corp: Corp, ids: readonly string[]) => pauseCampaigns(deps, h, acting, corp, ids),
    resume: (acting: Acting, corp: Corp, id: string) => resumeCampaign(deps, h, acting, corp, id),
    archive: (acting: Acting, corp: Corp, id: string) => archiveCampaign(deps, h, acting, corp, id),
    tick: (limit?: number) => tickCampaigns(deps, h, limit),
  };
}
