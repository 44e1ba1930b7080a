import { z } from 'zod';
import { CAMPAIGN_KINDS, CAMPAIGN_STATES } from '../campaign-draft';
import { actIdSchema, empty, listSortQuery } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';

// The campaign list's sort, batch pause and CSV export (module `campaigns`, issue 34 §2 "Tables"; the list
// itself is consoleCampaignList in console-campaigns.ts, which spreads these endpoints into its group).

/** The columns the campaign list sorts by (the server's whitelist; newest change first when none). */
export const CAMPAIGN_SORTS = ['updatedAt', 'title', 'kind', 'state', 'startsAt', 'endsAt'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
/** The list's filter and sort (also the CSV export's). */
export const campaignFilterSchema = z.object({
  state: z.enum(CAMPAIGN_STATES).optional(),
  kind: z.enum(CAMPAIGN_KINDS).optional(),
  q: z.string().trim().max(64).optional(),
  ...listSortQuery(CAMPAIGN_SORTS),
});
export type CampaignFilter = z.infer<typeof campaignFilterSchema>;
/** Campaigns paused in one batch at most. */
export const MAX_BATCH_PAUSE = 50;

const base = { version: 'none', access: 'console', tag: 'console-campaigns' } as const;

export const campaignListEndpoints = {
  consoleCampaignPauseMany: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/pause-many',
    loading: true,
    roles: ['operator'] as const,
    summary:
      'Pause several campaigns, each through the pause of one (its own checks and audit entry); the answer says per campaign whether it paused and why not',
    query: empty.partial(),
    body: z.object({ ids: z.array(actIdSchema).min(1).max(MAX_BATCH_PAUSE) }),
    data: z.object({
      results: z.array(
        z.object({
          id: z.string(),
          ok: z.boolean(),
          /** Why not, in the user's language (the error's message). */
          message: z.string().nullable(),
        }),
      ),
    }),
    errors: [],
  }),
  consoleCampaignExport: endpoint({
    ...base,
    method: 'GET',
    path: '/console/campaigns/export',
    loading: false,
    roles: CONSOLE_ROLES,
    summary: 'The campaign list (same filters and sort, every page) as CSV, UTF-8 with a BOM',
    query: campaignFilterSchema,
    body: z.undefined(),
    data: z.string(),
    produces: { type: 'text/csv', filename: 'campaigns.csv' },
    errors: [],
  }),
} as const;
