import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

// The campaign lab (issue 23, module `campaign-lab`): what an operator does with a draft besides editing
// it — simulate its budget, preview it as a customer, upload its images and white list, move it to and from
// YAML — and the public fairness pages (docs/console.md, docs/decisions/0345–0349).

/** Who may use the lab on a campaign: makers, checkers (they simulate and preview what they approve), admins. */
export const LAB_ROLES = ['operator', 'approver', 'admin'] as const;
/** Who may change a campaign through the lab (uploads, YAML import): makers only. */
export const LAB_WRITERS = ['operator'] as const;

export const MAX_SIMULATED_DRAWS = 1_000_000;
export const MAX_SIMULATED_DAYS = 366;
/** Images: PNG, JPEG, WebP or GIF (told from the bytes), at most this large. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** White lists and customer groups: CSV, UTF-8 or GBK, at most this many rows (and bytes). */
export const MAX_LIST_ROWS = 1_000_000;
export const MAX_LIST_BYTES = 64 * 1024 * 1024;
/** A YAML file the console imports, at most this large (as JSON text in the body). */
export const MAX_YAML_CHARS = 512 * 1024;
/** A preview link stays usable this long (long enough to send to an approver). */
export const PREVIEW_TTL_SEC = 7 * 24 * 3600;

const campaignId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const simulateBodySchema = z.object({
  id: campaignId,
  /** Simulated customers' draws over the whole campaign. */
  draws: z.number().int().min(1).max(MAX_SIMULATED_DRAWS),
  days: z.number().int().min(1).max(MAX_SIMULATED_DAYS),
  /** Relative traffic per day (length `days`, any scale, not all 0); flat when absent. */
  curve: z.array(z.number().min(0).max(1e9)).max(MAX_SIMULATED_DAYS).optional(),
  /** The budget to compare with; default: the exposure (Σ value × stock of the prizes with a stock). */
  budgetCents: z.number().int().min(0).max(1e13).optional(),
  /** An unsaved draft to simulate instead of the stored one (the editor's current state). */
  draft: z.unknown().optional(),
});

export const simulationSchema = z.object({
  /** Draws per day as the curve spread them. */
  drawsPerDay: z.array(z.number().int()),
  payoutPerDayCents: z.array(z.number().int()),
  totalPayoutCents: z.number().int(),
  /** Per prize: how many were won and the (1-based) day its stock ran out, null when it lasted. */
  runOut: z.array(
    z.object({
      prizeId: z.string(),
      name: z.string(),
      won: z.number().int(),
      day: z.number().int().nullable(),
      /** A paced prize (ADR 0063): the days its release was all given before the day ended (今日已抢完). */
      pacedOutDays: z.number().int().optional(),
    }),
  ),
  budgetCents: z.number().int(),
  /** Estimated probability (0–1) that the campaign pays out more than `budgetCents`. */
  overBudgetChance: z.number(),
  elapsedMs: z.number(),
});
export type Simulation = z.infer<typeof simulationSchema>;

export const listUploadSchema = z.object({
  listId: z.string(),
  rows: z.number().int(),
  encoding: z.enum(['utf-8', 'gbk']),
});

/** What the public verify page shows for one draw: the published data and the server's recomputation. */
export const drawProofSchema = z.object({
  actId: z.string(),
  /** The campaign's name, as customers know it. */
  actTitle: z.string(),
  drawId: z.string(),
  /** The customer, pseudonymous (the HMAC's user part). */
  userId: z.string(),
  drawNonce: z.string(),
  drawIndex: z.number().int(),
  rollHex: z.string(),
  pickedPrizeId: z.string(),
  awardedPrizeId: z.string(),
  fallbackReason: z.string().nullable(),
  /**
   * The prize table the draw was made under: id, name, its effective weight at the draw's index and that
   * weight's share as the rules page words it ("12.50%").
   */
  table: z.array(z.object({ id: z.string(), name: z.string(), weight: z.number().int(), percentText: z.string() })),
  commitment: z.string(),
  /** Null until the campaign has ended and its seed is revealed. */
  seed: z.string().nullable(),
  /** The server's recomputation (the page recomputes it again in the browser). */
  check: z.object({ commitmentOk: z.boolean(), rollOk: z.boolean(), pickOk: z.boolean() }).nullable(),
  /**
   * The risk decision made before the draw took its place in the sequence (issue 35): its id, the ruleset
   * version's hash and what it did (allow, hold, degrade); null for a campaign without risk checks.
   */
  risk: z.object({ decisionId: z.string(), rulesetHash: z.string().nullable(), action: z.string() }).nullable(),
});
export type DrawProof = z.infer<typeof drawProofSchema>;

/** The draft as the H5 preview renders it (the activity page's shape, from the draft, nothing live). */
export const previewPageSchema = z.object({
  actId: z.string(),
  type: z.string(),
  title: z.string(),
  subtitle: z.string(),
  rules: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  page: z.object({
    banner: z.string().nullable(),
    primaryColor: z.string(),
    backgroundColor: z.string(),
    textColor: z.string(),
  }),
  prizes: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), image: z.string() })),
  odds: z.array(z.object({ prizeId: z.string(), name: z.string(), probability: z.string() })),
  expiresAt: z.number().int(),
});

const previewToken = z.string().min(10).max(4096);

export const campaignLabEndpoints = {
  consoleCampaignSimulate: endpoint({
    method: 'POST',
    path: '/console/campaigns/simulate',
    version: 'none',
    loading: true,
    access: 'console',
    roles: LAB_ROLES,
    tag: 'console-campaign-lab',
    summary:
      "Run up to 1,000,000 draws of the draft's prize table (the draw engine's own pick) over a traffic curve: payout per day, the day each prize runs out, the chance of going over budget. Stores nothing",
    query: empty.partial(),
    body: simulateBodySchema,
    data: simulationSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_LAB_DRAFT_INVALID'],
  }),
  consoleCampaignPreview: endpoint({
    method: 'POST',
    path: '/console/campaigns/preview',
    version: 'none',
    loading: true,
    access: 'console',
    roles: LAB_ROLES,
    tag: 'console-campaign-lab',
    summary:
      'A signed, expiring H5 link that shows the draft as a customer would see it; draws in it store nothing. It can be sent to an approver',
    query: empty.partial(),
    body: z.object({ id: campaignId }),
    data: z.object({ url: z.string(), token: z.string(), expiresAt: z.number().int() }),
    errors: ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_LAB_DRAFT_INVALID'],
  }),
  consoleUploadImage: endpoint({
    method: 'POST',
    path: '/console/uploads/image',
    version: 'none',
    loading: true,
    access: 'console',
    roles: LAB_WRITERS,
    tag: 'console-campaign-lab',
    summary:
      'Upload a banner or prize image as the raw bytes (PNG, JPEG, WebP or GIF, told from the bytes, at most 2 MiB); served through the banner check',
    upload: { types: ['application/octet-stream', ...IMAGE_TYPES], maxBytes: MAX_IMAGE_BYTES },
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ url: z.string(), name: z.string(), type: z.enum(IMAGE_TYPES), bytes: z.number().int() }),
    errors: ['UPLOAD_TYPE', 'UPLOAD_TOO_LARGE'],
  }),
  consoleCampaignWhiteList: endpoint({
    method: 'POST',
    path: '/console/campaigns/white-list',
    version: 'none',
    loading: true,
    access: 'console',
    roles: LAB_WRITERS,
    tag: 'console-campaign-lab',
    summary:
      'Upload a white list, customer group or coupon code pool (`kind=codes`: a 券码/code column, ADR 0390) as CSV bytes (UTF-8 or GBK, detected; up to 1,000,000 rows, streamed). Bad rows come back as `line: field: message`; nothing is stored unless the whole file is valid',
    upload: { types: ['text/csv', 'application/octet-stream'], maxBytes: MAX_LIST_BYTES },
    query: z.object({ id: campaignId, kind: z.enum(['whiteList', 'cgroup', 'codes']).default('whiteList') }),
    body: z.undefined(),
    data: listUploadSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'LIST_INVALID', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE'],
  }),
  consoleCampaignYaml: endpoint({
    method: 'GET',
    path: '/console/campaigns/yaml',
    version: 'none',
    loading: false,
    access: 'console',
    roles: ['operator', 'approver', 'auditor', 'admin'],
    tag: 'console-campaign-lab',
    summary: 'The campaign as the YAML that `cli import` accepts (the draft; import then export gives it back)',
    query: z.object({ id: campaignId }),
    body: z.undefined(),
    data: z.object({ id: z.string(), yaml: z.string() }),
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  consoleCampaignImportYaml: endpoint({
    method: 'POST',
    path: '/console/campaigns/import-yaml',
    version: 'none',
    loading: true,
    access: 'console',
    roles: LAB_WRITERS,
    tag: 'console-campaign-lab',
    summary:
      "Import a campaign file's activity as a new draft (or into an existing draft with `id`); errors name their line: `line: field: message`",
    query: empty.partial(),
    body: z.object({ yaml: z.string().min(1).max(MAX_YAML_CHARS), id: campaignId.optional() }),
    data: z.object({ id: z.string(), rev: z.number().int() }),
    errors: [
      'YAML_INVALID',
      'CAMPAIGN_NOT_FOUND',
      'CAMPAIGN_EXISTS',
      'CAMPAIGN_INVALID',
      'CAMPAIGN_STALE',
      'CAMPAIGN_STATE',
    ],
  }),
  previewPage: endpoint({
    method: 'GET',
    path: '/preview/page',
    version: 'none',
    loading: false,
    access: 'public',
    tag: 'preview',
    summary: "A preview link's draft as the H5 renders it (the token is the only credential)",
    query: z.object({ token: previewToken }),
    body: z.undefined(),
    data: previewPageSchema,
    errors: ['PREVIEW_TOKEN_INVALID', 'PREVIEW_TOKEN_EXPIRED', 'CAMPAIGN_NOT_FOUND'],
  }),
  previewDraw: endpoint({
    method: 'POST',
    path: '/preview/draw',
    version: 'none',
    loading: true,
    access: 'public',
    tag: 'preview',
    summary: "A draw in a preview: the draft's table and the engine's pick with a throwaway seed; nothing is stored",
    query: empty.partial(),
    body: z.object({ token: previewToken }),
    data: z.object({ prizeId: z.string(), name: z.string(), kind: z.string(), preview: z.literal(true) }),
    errors: ['PREVIEW_TOKEN_INVALID', 'PREVIEW_TOKEN_EXPIRED', 'CAMPAIGN_NOT_FOUND', 'CAMPAIGN_LAB_DRAFT_INVALID'],
  }),
  fairnessDraw: endpoint({
    method: 'GET',
    path: '/fairness/draw',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'fairness',
    summary:
      "One draw's published data (table, commitment, roll; the seed once revealed) and its recomputation, for the public verify page",
    query: z.object({ drawId: z.string().min(1).max(64) }),
    body: z.undefined(),
    data: drawProofSchema,
    errors: ['DRAW_NOT_FOUND'],
  }),
} as const;
