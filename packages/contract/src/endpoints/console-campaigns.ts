import { z } from 'zod';
import { CAMPAIGN_KINDS, CAMPAIGN_STATES, type CampaignDraft, REVISION_STATES } from '../campaign-draft';
import { actIdSchema, empty, staffRefSchema } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';
import { campaignFilterSchema, campaignListEndpoints } from './console-campaign-list';
import { campaignSlotEndpoints } from './console-campaign-slots';

// Console campaigns (module `campaigns`, docs/decisions/0340-console-campaigns.md): drafts made by operators,
// checked by the server, approved N of M by approvers other than the maker, published through the activity
// module as versions, paused and resumed on every node within 2 s, ended with the seed revealed.
//
// A stale save answers 409 CAMPAIGN_STALE; besides `data` (the message, as every error envelope) the
// envelope then carries `conflict: CampaignConflict` — both versions, so the console can show them side by
// side. A review of a rev that changed since the approver opened it answers 409 CAMPAIGN_REV_CHANGED.

const READERS = CONSOLE_ROLES;
const WRITERS = ['operator'] as const;
const REVIEWERS = ['approver'] as const;

/**
 * The draft as JSON. Only its `kind` is checked here; the server validates the rest with the campaign file's
 * schemas and answers field errors (`activity.prizes.2.valueCents`).
 */
export const campaignDraftSchema = z.object({ kind: z.enum(CAMPAIGN_KINDS) }).loose() as unknown as z.ZodType<
  CampaignDraft,
  CampaignDraft
>;

const who = staffRefSchema;
const campaignId = actIdSchema;
const idBody = z.object({ id: campaignId });

export const campaignRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  state: z.enum(CAMPAIGN_STATES),
  revisionState: z.enum(REVISION_STATES).nullable(),
  /** Epoch ms; null when the draft has no dates yet (store and staff lists). */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  /** The live activity version; null before the first publication. */
  version: z.number().int().nullable(),
  updatedAt: z.number().int(),
  updatedBy: who,
  /** The corp's kill switch is on: whatever the state, nothing of this campaign is accepted now. */
  halted: z.boolean(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const campaignReviewSchema = z.object({
  by: who,
  decision: z.enum(['approve', 'request_changes', 'reject']),
  comment: z.string(),
  /** The draft rev it decided. */
  rev: z.number().int(),
  /** A revision of a live campaign (not its first approval). */
  revision: z.boolean(),
  at: z.number().int(),
  /** Counts toward the current submission (later saves start a new round). */
  current: z.boolean(),
});
export type CampaignReview = z.infer<typeof campaignReviewSchema>;

const oddsRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number(),
  probability: z.number(),
  percentText: z.string(),
});
export const campaignSummarySchema = z.object({
  odds: z.array(oddsRowSchema),
  expectedCostPer1000Cents: z.number().int(),
  exposureCents: z.number().int(),
  /** The approvals this draft needs under the corp's policy (its budget = exposure, or a discount's). */
  approvalsNeeded: z.number().int(),
  budgetCents: z.number().int(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignDetailSchema = z.object({
  campaign: campaignRowSchema.extend({
    maker: who,
    slot: z.string().nullable(),
    /** SHA-256 of the seed, published on the rules page once live; null before the first publication. */
    commitment: z.string().nullable(),
    seedRevealed: z.boolean(),
    /** The seed, once revealed (at the end). */
    seed: z.string().nullable(),
    submittedBy: who.nullable(),
  }),
  /** The working draft (the pending revision of a live campaign, or the live one when there is none). */
  draft: campaignDraftSchema,
  rev: z.number().int(),
  /** What is published; null before the first approval. */
  live: campaignDraftSchema.nullable(),
  reviews: z.array(campaignReviewSchema),
  /**
   * What was done to it (created, lists uploaded, submitted, published, paused, resumed, archived), oldest
   * first, the latest 50: from the audit log. `by` null: the system.
   */
  history: z.array(z.object({ at: z.number().int(), action: z.string(), by: who.nullable() })),
  approvalsNeeded: z.number().int(),
  approvalsGiven: z.number().int(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** The second saver's view of a 409 CAMPAIGN_STALE (the envelope's `conflict`). */
export const campaignConflictSchema = z.object({
  mine: campaignDraftSchema,
  theirs: campaignDraftSchema,
  theirsRev: z.number().int(),
  theirsBy: who,
});
export type CampaignConflict = z.infer<typeof campaignConflictSchema>;

export const campaignChangeSchema = z.object({
  /** Draft path, e.g. `activity.prizes.2.stock` (a whole prize when it was added or removed). */
  path: z.string(),
  /** In Chinese, e.g. `奖品「一等奖」· 库存`. */
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type CampaignChange = z.infer<typeof campaignChangeSchema>;

const idNames = z.record(z.string(), z.string()).optional();
/** readable.ts's NameBook: id → name per kind of thing. */
export const nameBookSchema = z.object({ prize: idNames, store: idNames, staff: idNames, activity: idNames });

export const approvalItemSchema = campaignRowSchema.extend({
  rev: z.number().int(),
  submittedAt: z.number().int(),
  submittedBy: who,
  approvalsNeeded: z.number().int(),
  approvalsGiven: z.number().int(),
  budgetCents: z.number().int(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

const base = { version: 'none', access: 'console', tag: 'console-campaigns' } as const;

export const campaignsEndpoints = {
  consoleCampaignList: endpoint({
    ...base,
    method: 'GET',
    path: '/console/campaigns',
    loading: false,
    roles: READERS,
    summary:
      "The corp's campaigns, newest change first unless sorted by a listed column, paged on the server; filter by state, kind, id or title",
    query: campaignFilterSchema.extend({ page, pageSize }),
    body: z.undefined(),
    data: z.object({
      items: z.array(campaignRowSchema),
      total: z.number().int(),
      page: z.number(),
      pageSize: z.number(),
    }),
    errors: [],
  }),
  consoleCampaignCreate: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/create',
    loading: true,
    roles: WRITERS,
    summary:
      "A new draft from its kind's template; the id becomes the activity id (chosen by the server when left out)",
    query: empty.partial(),
    body: z.object({
      kind: z.enum(CAMPAIGN_KINDS),
      title: z.string().trim().min(1).max(40),
      id: campaignId.optional(),
    }),
    data: z.object({ id: z.string(), rev: z.number().int() }),
    errors: ['CAMPAIGN_EXISTS'],
  }),
  consoleCampaignDetail: endpoint({
    ...base,
    method: 'GET',
    path: '/console/campaigns/detail',
    loading: false,
    roles: READERS,
    summary: 'One campaign: its working draft and rev, what is live, the reviews and the approvals it still needs',
    query: z.object({ id: campaignId }),
    body: z.undefined(),
    data: campaignDetailSchema,
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  consoleCampaignSave: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/save',
    loading: true,
    roles: WRITERS,
    summary:
      'Save the draft (of a live campaign: its revision) over baseRev; someone else saved since → 409 with both versions',
    query: empty.partial(),
    body: z.object({ id: campaignId, draft: campaignDraftSchema, baseRev: z.number().int().min(0) }),
    data: z.object({ rev: z.number().int() }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_STALE', 'CAMPAIGN_STATE', 'CAMPAIGN_INVALID'],
  }),
  consoleCampaignCheck: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/check',
    loading: false,
    roles: WRITERS,
    summary: "Run the server's checks on a draft (nothing stored): field errors and the odds, cost and exposure",
    query: empty.partial(),
    body: z.object({ id: campaignId, draft: campaignDraftSchema }),
    data: z.object({ ok: z.boolean(), fields: z.record(z.string(), z.string()), summary: campaignSummarySchema }),
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  consoleCampaignSubmit: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/submit',
    loading: true,
    roles: WRITERS,
    summary: 'Submit the saved draft (or revision) at rev for approval; refused with field errors when a check fails',
    query: empty.partial(),
    body: z.object({ id: campaignId, rev: z.number().int() }),
    data: z.object({ state: z.enum(CAMPAIGN_STATES), revisionState: z.enum(REVISION_STATES).nullable() }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_STALE', 'CAMPAIGN_STATE', 'CAMPAIGN_INVALID'],
  }),
  consoleCampaignDiff: endpoint({
    ...base,
    method: 'GET',
    path: '/console/campaigns/diff',
    loading: false,
    roles: READERS,
    summary: 'Field by field, the working draft against what is live (or against nothing for a new campaign)',
    query: z.object({ id: campaignId }),
    body: z.undefined(),
    data: z.object({
      rev: z.number().int(),
      changes: z.array(campaignChangeSchema),
      /** What the ids in the changes name (prizes, stores, staff, the campaign), read from both versions. */
      names: nameBookSchema.optional(),
    }),
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  consoleCampaignReview: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/review',
    loading: true,
    roles: REVIEWERS,
    summary:
      'Approve, request changes or reject the submitted rev; never your own change; the last of N approvals publishes',
    query: empty.partial(),
    body: z.object({
      id: campaignId,
      rev: z.number().int(),
      decision: z.enum(['approve', 'request_changes', 'reject']),
      comment: z.string().trim().max(500).default(''),
    }),
    data: z.object({
      state: z.enum(CAMPAIGN_STATES),
      revisionState: z.enum(REVISION_STATES).nullable(),
      approvalsNeeded: z.number().int(),
      approvalsGiven: z.number().int(),
      version: z.number().int().nullable(),
    }),
    errors: [
      'CAMPAIGN_NOT_FOUND',
      'CAMPAIGN_REV_CHANGED',
      'CAMPAIGN_STATE',
      'CAMPAIGN_OWN_CHANGE',
      'CAMPAIGN_ALREADY_REVIEWED',
      'CAMPAIGN_ALREADY_DECIDED',
      'CAMPAIGN_COMMENT_REQUIRED',
      'CAMPAIGN_INVALID',
    ],
  }),
  consoleCampaignPause: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/pause',
    loading: true,
    roles: WRITERS,
    summary: "Pause a live campaign: every node's customers see the paused page within 2 s",
    query: empty.partial(),
    body: idBody,
    data: z.object({ state: z.enum(CAMPAIGN_STATES) }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_STATE'],
  }),
  ...campaignListEndpoints,
  consoleCampaignResume: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/resume',
    loading: true,
    roles: WRITERS,
    summary: 'Resume a paused campaign (live again within 2 s on every node)',
    query: empty.partial(),
    body: idBody,
    data: z.object({ state: z.enum(CAMPAIGN_STATES) }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_STATE'],
  }),
  consoleCampaignArchive: endpoint({
    ...base,
    method: 'POST',
    path: '/console/campaigns/archive',
    loading: true,
    roles: WRITERS,
    summary: 'Archive an ended, rejected or never-submitted campaign (it leaves the default list)',
    query: empty.partial(),
    body: idBody,
    data: z.object({ state: z.enum(CAMPAIGN_STATES) }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_STATE'],
  }),
  consoleApprovals: endpoint({
    ...base,
    method: 'GET',
    path: '/console/approvals',
    loading: false,
    roles: REVIEWERS,
    summary: 'Campaigns and revisions waiting for my approval (not my own change, not yet decided by me)',
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ items: z.array(approvalItemSchema) }),
    errors: [],
  }),
  ...campaignSlotEndpoints,
} as const;
