import type { EndpointName } from '@campaign/contract/client';
import { type ApiError, call, upload } from '../../api/request';

// The campaign screens' view of the server (docs/console.md, the lead's plan for issue 23): the endpoint
// names of `console-campaigns.ts` (i23b) and `console-campaign-lab.ts` (i23t) in one place, and the shapes
// the screens read. Shapes follow the plan; the server's contract is the authority.

export const CAMPAIGN_STATES = [
  'draft',
  'submitted',
  'changes_requested',
  'approved',
  'rejected',
  'scheduled',
  'live',
  'paused',
  'ended',
  'archived',
] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const REVISION_STATES = ['draft', 'submitted', 'changes_requested', 'rejected'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];
export const CAMPAIGN_KINDS = [
  'wheel',
  'grid',
  'scratch',
  'blindbox',
  'common',
  'signin',
  'newCustomer',
  'newUser',
  'ranking',
  'discount',
  'coupon',
  'storeList',
  'staffList',
] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export interface CampaignRow {
  id: string;
  title: string;
  kind: CampaignKind;
  state: CampaignState;
  revisionState: RevisionState | null;
  startsAt: number | null;
  endsAt: number | null;
  version: number | null;
  updatedAt: number;
  updatedBy: { id: string; name: string } | string | null;
}

export interface PrizeDraft {
  id: string;
  name: string;
  kind: string;
  image?: string;
  weight: number;
  probability?: number | null;
  stock: number | null;
  perUserCap: number | null;
  perDayCap?: number | null;
  valueCents: number;
  consolation?: boolean;
  [k: string]: unknown;
}

/** The campaign's part of the YAML campaign file, as JSON (packages/contract campaign-draft.ts). */
export interface CampaignDraft {
  kind: CampaignKind;
  activity?: {
    title: string;
    rules: string;
    startsAt: number | string;
    endsAt: number | string;
    prizes: PrizeDraft[];
    page?: { banner?: string | null; [k: string]: unknown };
    [k: string]: unknown;
  };
  banner?: string | null;
  whiteList?: { rows: number; name?: string; token?: string } | null;
  [k: string]: unknown;
}

export interface Review {
  at: number;
  by: { id: string; name: string } | string;
  decision: 'approve' | 'request_changes' | 'reject' | string;
  comment: string | null;
  rev: number;
}

export interface CampaignDetail {
  campaign: CampaignRow & {
    maker: { id: string; name: string } | string | null;
    commitment: string | null;
    seedRevealed: boolean;
    seed?: string | null;
    verify?: { ok: boolean; checked: number; message?: string } | null;
  };
  draft: CampaignDraft;
  rev: number;
  live: CampaignDraft | null;
  reviews: Review[];
  approvalsNeeded: number;
  approvalsGiven: number;
}

export interface CampaignList {
  items: CampaignRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CheckResult {
  ok: boolean;
  fields: Record<string, string>;
  summary: { odds: unknown; expectedCostPer1000Cents: number; exposureCents: number };
}

export interface DiffChange {
  path: string;
  label: string;
  before: unknown;
  after: unknown;
}

export interface Simulation {
  payoutPerDayCents: number[];
  runOut: { prizeId: string; day: number | null }[];
  overBudgetChance: number;
  elapsedMs: number;
}

/** A stale save: both versions, to choose from. */
export interface Conflict {
  mine: CampaignDraft;
  theirs: CampaignDraft;
  theirsRev: number;
  theirsBy: { id: string; name: string } | string | null;
}

/** Endpoint names in the contract table. */
export const EP = {
  list: 'consoleCampaigns',
  create: 'consoleCampaignCreate',
  detail: 'consoleCampaignDetail',
  save: 'consoleCampaignSave',
  check: 'consoleCampaignCheck',
  submit: 'consoleCampaignSubmit',
  diff: 'consoleCampaignDiff',
  review: 'consoleCampaignReview',
  pause: 'consoleCampaignPause',
  resume: 'consoleCampaignResume',
  archive: 'consoleCampaignArchive',
  approvals: 'consoleApprovals',
  simulate: 'consoleCampaignSimulate',
  preview: 'consoleCampaignPreview',
  yaml: 'consoleCampaignYaml',
} as const;

/** A call by our name: the contract's endpoint, loosely typed here so one file maps the plan's shapes. */
export function api<T>(key: keyof typeof EP, args: { query?: object; body?: unknown; signal?: AbortSignal } = {}) {
  return call(EP[key] as EndpointName, args as never) as Promise<T>;
}

export const uploadImage = (file: File) => upload<{ url: string }>('/console/uploads/image', file);
export const uploadWhiteList = (id: string, file: File) =>
  upload<{ rows: number }>('/console/campaigns/white-list', file, { id });
export const importYaml = (text: string, id?: string) =>
  upload<{ id: string }>('/console/campaigns/import-yaml', new Blob([text], { type: 'text/yaml' }), id ? { id } : {});

export const who = (w: { id: string; name: string } | string | null | undefined) =>
  w === null || w === undefined ? '—' : typeof w === 'string' ? w : w.name;

/** The 409 of a stale save, if that is what this error is. */
export function conflictOf(err: unknown): Conflict | null {
  const e = err as ApiError | undefined;
  if (e?.status !== 409) return null;
  const env = e.envelope as Record<string, unknown>;
  const c = (env.conflict ?? env.detail ?? env) as Partial<Conflict>;
  return c.mine && c.theirs ? (c as Conflict) : null;
}
