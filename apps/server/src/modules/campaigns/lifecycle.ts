import type { Corp } from '../../platform/tenancy';
import { type CreateInput, createCampaign } from './create-campaign';
import { type ReviewInput, reviewCampaign } from './review-campaign';
import { type SaveInput, saveDraft } from './save-draft';
import type { Acting, CampaignHelpers, CampaignsDeps } from './shared';
import { submitCampaign } from './submit-campaign';

/** Making a campaign: create from a template, save over a rev, submit, and the approvers' reviews. */
export function createLifecycle(deps: CampaignsDeps, h: CampaignHelpers) {
  return {
    create: (acting: Acting, corp: Corp, input: CreateInput) => createCampaign(deps, h, acting, corp, input),
    save: (acting: Acting, corp: Corp, input: SaveInput) => saveDraft(deps, h, acting, corp, input),
    submit: (acting: Acting, corp: Corp, input: { id: string; rev: number }) =>
      submitCampaign(deps, h, acting, corp, input),
    review: (acting: Acting, corp: Corp, input: ReviewInput) => reviewCampaign(deps, h, acting, corp, input),
  };
}
