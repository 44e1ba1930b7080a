import type { campaignsEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';

// Placeholder handlers while the contract lands first (the service follows in the next commits).
export function campaignsHandlers(): HandlersOf<typeof campaignsEndpoints> {
  const notYet = async (): Promise<never> => {
    throw new AppError('CAMPAIGN_NOT_FOUND');
  };
  return {
    consoleCampaignList: notYet,
    consoleCampaignCreate: notYet,
    consoleCampaignDetail: notYet,
    consoleCampaignSave: notYet,
    consoleCampaignCheck: notYet,
    consoleCampaignSubmit: notYet,
    consoleCampaignDiff: notYet,
    consoleCampaignReview: notYet,
    consoleCampaignPause: notYet,
    consoleCampaignResume: notYet,
    consoleCampaignArchive: notYet,
    consoleApprovals: notYet,
  };
}
