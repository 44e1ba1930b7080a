import type { ReleaseSchedule } from './release-schedule';
// A console campaign's editable draft and the pure figures the editor shows beside its prize table
// (docs/decisions/0340-console-campaigns.md). No zod here: the console imports this through
// `@campaign/contract/client`, and the server computes the same figures from the same functions, so the
// odds, cost and exposure the operator sees are exactly what the server checks and publishes.
//
// The draft is the campaign's part of the YAML campaign file (what `cli import` accepts), as JSON. The
// server validates it with the zod schemas of apps/server/src/cli/definition.ts; `corp` and `id` of each
// section are the campaign's own and are filled in by the server (a draft may leave them out).

/** Every kind the service runs (docs/decisions/0341-campaign-kinds-and-slots.md maps each to its sections). */
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

export const CAMPAIGN_KIND_LABELS: Readonly<Record<CampaignKind, string>> = {
  wheel: '大转盘',
  grid: '九宫格',
  scratch: '刮刮卡',
  blindbox: '盲盒',
  common: '通用抽奖',
  signin: '签到',
  newCustomer: '新客礼（邀请）',
  newUser: '新户礼',
  ranking: '排位赛',
  discount: '支付立减',
  coupon: '券与票',
  storeList: '门店列表',
  staffList: '人员名单',
};

/** The activity type a kind publishes as; null: the kind has no activity (discount, store and staff lists). */
export const KIND_ACTIVITY_TYPE: Readonly<Record<CampaignKind, string | null>> = {
  wheel: 'wheel',
  grid: 'grid',
  scratch: 'scratch',
  blindbox: 'blindbox',
  common: 'common',
  signin: 'ranking',
  newCustomer: 'newCustomer',
  newUser: 'newUser',
  ranking: 'ranking',
  discount: null,
  coupon: 'common',
  storeList: null,
  staffList: null,
};

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
export const CAMPAIGN_STATE_LABELS: Readonly<Record<CampaignState, string>> = {
  draft: '草稿',
  submitted: '待审批',
  changes_requested: '需修改',
  approved: '已批准',
  rejected: '已驳回',
  scheduled: '待上线',
  live: '进行中',
  paused: '已暂停',
  ended: '已结束',
  archived: '已归档',
};
/** A pending change of a live (scheduled, paused) campaign; approved → published as a new version → null. */
export const REVISION_STATES = ['draft', 'submitted', 'changes_requested', 'rejected'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

/** Times are epoch milliseconds (the YAML file also takes ISO strings; the console always sends numbers). */
export type DraftTime = number | string;

export interface DraftPrize {
  id: string;
  name: string;
  kind: 'coupon' | 'physical' | 'points' | 'thanks';
  image: string;
  /** Integer weight; the published odds are weight / Σ weights (see oddsTable). */
  weight: number;
  /** null: unlimited (the consolation prize always is). */
  stock?: number | null;
  /** Per customer over the campaign; null: no cap. */
  perUserCap?: number | null;
  valueCents?: number;
  points?: number;
  unlockAfterDraws?: number | null;
  tiers?: { fromDraw: number; weight: number }[];
  /** Exactly one prize is the fallback ("谢谢参与"). */
  consolation?: boolean;
  /**
   * A coupon's uploaded code pool (ADR 0390): the upload's list id, its number of codes and file name. None: the
   * service generates each code. The stock may not exceed the pool.
   */
  codes?: { ref: string; rows: number; name?: string } | null;
  /** The stock released on a schedule (issue 37, ADR 0063); none: all of it from the start. */
  release?: ReleaseSchedule | null;
}

export interface DraftActivity {
  id?: string;
  corp?: string;
  group?: string;
  type: string;
  title: string;
  subtitle?: string;
  startsAt: DraftTime;
  endsAt: DraftTime;
  rules: string;
  chances: { perDay?: number | null; perActivity?: number | null };
  eligibility?: {
    whiteListOnly?: boolean;
    cgroupIds?: string[];
    newCustomersSince?: DraftTime | null;
    blacklist?: string[];
  };
  page?: {
    banner?: string | null;
    primaryColor?: string;
    backgroundColor?: string;
    textColor?: string;
    buttonImage?: string | null;
    shareTitle?: string;
    shareText?: string;
    shareImage?: string | null;
    /** The games' own settings (GAME_PAGE_DEFAULTS in endpoints/activity.ts says what each is). */
    ribbon?: string;
    theme?: 'spring' | 'plain';
    segmentColors?: string[];
    gridLayout?: 'clockwise' | 'counterclockwise';
    scratchCover?: string;
    scratchText?: string;
    boxCount?: number;
  };
  /** Claim terms: the address window, the coupons' validity and their usage rules (使用说明, a line each). */
  claim?: { addressWindowDays?: number; couponValidDays?: number | null; couponRules?: string[] };
  prizes: DraftPrize[];
}

export interface DraftDiscount {
  id?: string;
  corp?: string;
  title: string;
  rules?: string[];
  amountCents: number;
  thresholdCents?: number;
  validCards?: { bin: string; label: string }[];
  validMerchants?: { id: string; name: string }[];
  startsAt: DraftTime;
  endsAt: DraftTime;
  totalLimit: number;
  perUserLimit?: number;
  dailyLimit?: number | null;
}

export interface DraftSeason {
  act?: string;
  corp?: string;
  tasks: {
    id: string;
    kind: 'signin' | 'draw' | 'visit' | 'invite';
    title: string;
    points: number;
    period?: 'daily' | 'once' | 'perInvitee';
    actId?: string;
    seconds?: number;
  }[];
  bands: { from: number; to: number; prize: string }[];
}

export interface DraftInvites {
  corp?: string;
  actId?: string;
  perDay: number;
  perSeason: number;
  linkTtlHours?: number;
}

export interface DraftStore {
  id: string;
  corp?: string;
  name: string;
  address: string;
  cityCode: string;
  cityName: string;
  phone: string;
  lng: number;
  lat: number;
  hours: string;
}

export interface DraftStaff {
  id: string;
  corp?: string;
  name: string;
  roles: string[];
  stores?: string[];
}

export interface CampaignDraft {
  kind: CampaignKind;
  /** Every kind but discount, storeList and staffList. */
  activity?: DraftActivity;
  discount?: DraftDiscount;
  /** ranking and signin. */
  season?: DraftSeason;
  /** newCustomer: inviting friends. */
  invites?: DraftInvites;
  /** storeList (and coupon: where its tickets are redeemed). */
  stores?: { list: { id?: string; name: string; stores: string[]; activities?: string[] }; stores: DraftStore[] };
  /** staffList: the corp's staff list (replaces it when published). */
  staffList?: DraftStaff[];
  /** The banner image URL (an upload); published as `activity.page.banner`. */
  banner?: string | null;
  /** The white list (an upload, module campaign-lab): its reference, row count and the uploaded file's name. */
  whiteList?: { ref: string; rows: number; name?: string } | null;
  /**
   * The entry slot: where in the host app the campaign is entered. Two campaigns of one corp may not be on
   * one slot at overlapping times. Default: the activity type (`slotOf`).
   */
  slot?: string;
}

/** The entry slot a draft occupies (null: the kind has no customer entry). */
export function slotOf(draft: CampaignDraft): string | null {
  if (!draft.activity || KIND_ACTIVITY_TYPE[draft.kind] === null) return null;
  const s = draft.slot?.trim();
  return s ? s : `page:${draft.activity.type}`;
}

/** One row of the published odds table (the same rounding as the rules page). */
export interface OddsRow {
  id: string;
  name: string;
  weight: number;
  probability: number;
  /** e.g. "12.50%", "<0.01%" for a winnable prize that rounds to 0, ">99.99%" for an uncertain near-certainty. */
  percentText: string;
}

/** The odds of a new participant (draw index 0), exactly as the rules page publishes them. Empty when Σ = 0. */
export function oddsTable(prizes: readonly DraftPrize[]): OddsRow[] {
  const weights = prizes.map((p) => {
    let w = p.weight;
    let best = -1;
    for (const t of p.tiers ?? []) {
      if (t.fromDraw <= 0 && t.fromDraw > best) {
        best = t.fromDraw;
        w = t.weight;
      }
    }
    if (p.unlockAfterDraws != null && p.unlockAfterDraws > 0) w = 0;
    return Number.isSafeInteger(w) && w >= 0 ? w : 0;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || !Number.isSafeInteger(total)) return [];
  return prizes.map((p, i) => {
    const weight = weights[i] ?? 0;
    return { id: p.id, name: p.name, weight, probability: weight / total, percentText: percentText(weight, total) };
  });
}

function percentText(weight: number, total: number): string {
  const w = BigInt(weight);
  const t = BigInt(total);
  const hundredths = (w * 20000n + t) / (2n * t);
  if (hundredths === 0n && w > 0n) return '<0.01%';
  if (hundredths === 10000n && w < t) return '>99.99%';
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

/** Expected prize value paid per 1,000 draws of new participants, in cents (rounded): Σ p × value × 1000. */
export function expectedCostPer1000(prizes: readonly DraftPrize[]): number {
  const odds = oddsTable(prizes);
  let sum = 0;
  odds.forEach((o, i) => {
    sum += o.probability * (prizes[i]?.valueCents ?? 0) * 1000;
  });
  return Math.round(sum);
}

/** Total exposure in cents: Σ value × stock over prizes with a stock (an unlimited prize adds nothing here). */
export function exposure(prizes: readonly DraftPrize[]): number {
  if (!Array.isArray(prizes)) return 0;
  return safeCents(
    prizes.reduce((sum, p) => {
      const stock = p.consolation ? null : (p.stock ?? null);
      return stock === null ? sum : sum + (p.valueCents ?? 0) * stock;
    }, 0),
  );
}

/** A figure of cents as the database and the response hold it: not a number → 0, past a safe integer → the largest. */
function safeCents(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n)));
}

/** Prizes of value with no stock limit: their exposure has no bound (the checks refuse them). */
export function unboundedPrizes(prizes: readonly DraftPrize[]): string[] {
  return prizes.filter((p) => !p.consolation && (p.stock ?? null) === null && (p.valueCents ?? 0) > 0).map((p) => p.id);
}

/** The budget the approval policy reads (settings: more approvers above an amount): exposure, or the discount's. */
export function budgetCents(draft: CampaignDraft): number {
  if (draft.discount) return safeCents(draft.discount.amountCents * draft.discount.totalLimit);
  return draft.activity ? exposure(draft.activity.prizes) : 0;
}

/** Yuan text of cents: 123456 → "¥1,234.56". */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${whole}.${(abs % 100).toString().padStart(2, '0')}`;
}
