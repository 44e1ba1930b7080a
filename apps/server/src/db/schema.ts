import type { ColumnType, Generated } from 'kysely';
import type { NotificationTables } from './schema-notifications';
import type { ReportTables } from './schema-reports';
import type { RiskTables } from './schema-risk';
import type { StatsTables } from './schema-stats';
import type { StoreTables } from './schema-stores';

/**
 * Column conventions (one schema for SQLite and PostgreSQL): ids are text; booleans are integers 0/1;
 * times are epoch milliseconds in bigint columns (pg's int8 is parsed to number, see db/index.ts);
 * JSON is text.
 */
export interface CorpTable {
  id: string;
  name: string;
  white_listed: number;
  gray: number;
  app_secret: string;
  created_at: number;
  /** The kill switch (docs/decisions/0332-kill-switch.md): 1 stops every campaign of the corp. */
  campaigns_halted: Generated<number>;
  halted_reason: string | null;
  halted_at: number | null;
  halted_by: string | null;
  /** JSON array of the corp's own H5 origins (invite links may point only there or at this service). */
  h5_origins: Generated<string>;
}
export interface CorpGroupMemberTable {
  group_id: string;
  corp_id: string;
}
export interface CgroupTable {
  corp_id: string;
  id: string;
  name: string;
}
export interface CgroupMemberTable {
  corp_id: string;
  cgroup_id: string;
  user_id: string;
}
export interface UserTable {
  id: string;
  corp_id: string;
  nuid: string;
  mobile: string | null;
  open_id: string | null;
  created_at: number;
  /** When a host-app ticket (or an import) tied this account to the bank's uid; null: adoptable once. */
  bank_linked_at: number | null;
}
export interface SessionTable {
  token_hash: string;
  corp_id: string;
  user_id: string;
  login_method: 'ticket' | 'otp' | 'openid';
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
export interface OtpCodeTable {
  corp_id: string;
  mobile: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  window_started_at: number;
  sends_in_window: number;
}
export interface TicketNonceTable {
  corp_id: string;
  nonce: string;
  expires_at: number;
}
export interface PageVisitTable {
  id: Generated<number>;
  corp_id: string;
  act_id: string;
  user_id: string | null;
  visit_type: string;
  created_at: number;
}
export interface TrackingEventTable {
  id: Generated<number>;
  corp_id: string;
  user_id: string | null;
  event: string;
  params: string | null;
  created_at: number;
}

export interface PlatformTables {
  corp: CorpTable;
  corp_group_member: CorpGroupMemberTable;
  cgroup: CgroupTable;
  cgroup_member: CgroupMemberTable;
  app_user: UserTable;
  session: SessionTable;
  otp_code: OtpCodeTable;
  ticket_nonce: TicketNonceTable;
  page_visit: PageVisitTable;
  tracking_event: TrackingEventTable;
}

export type DB = PlatformTables &
  DrawTables &
  ClaimTables &
  GrowthTables &
  SeasonTables &
  StaffTables &
  StoreTables &
  ConsoleTables &
  DocumentTables &
  CampaignLabTables &
  StatsTables &
  ReportTables &
  NotificationTables &
  RiskTables;

/** An uploaded white list or customer group of a campaign (modules/campaign-lab), stored only whole. */
export interface CampaignListTable {
  corp_id: string;
  id: string;
  campaign_id: string;
  kind: 'whiteList' | 'cgroup' | 'codes';
  rows: number;
  encoding: 'utf-8' | 'gbk';
  sha256: string;
  created_at: number;
  created_by: string;
  /** `staging` while its rows are being stored (no reader takes it), `ready` once swapped in (ADR 0374). */
  state: 'staging' | 'ready';
}
export interface CampaignListEntryTable {
  corp_id: string;
  list_id: string;
  nuid: string;
  mobile: string | null;
}
/** A code of an uploaded coupon code pool, taken once (migration 0027, ADR 0390). */
export interface CampaignCodeTable {
  corp_id: string;
  list_id: string;
  /** The code's line order in its file: codes are handed out in it. */
  seq: number;
  code: string;
  award_id: string | null;
  taken_at: number | null;
}
export interface CampaignLabTables {
  campaign_list: CampaignListTable;
  campaign_code: CampaignCodeTable;
  campaign_list_entry: CampaignListEntryTable;
}

/** A corp's console settings (modules/settings). */
export interface CorpSettingsTable {
  corp_id: string;
  approvals_required: number;
  above_budget_cents: number | null;
  above_required: number | null;
  updated_at: number | null;
  updated_by: string | null;
}
/**
 * Console sign-in attempts in a fixed window, per login and address (login '' : the address alone). Counted
 * before the password is checked (docs/decisions/0334-sign-in-throttle.md).
 */
export interface ConsoleSignInThrottleTable {
  corp_id: string;
  login: string;
  ip: string;
  attempts: number;
  window_started_at: number;
}
/** A local console account (modules/console; docs/decisions/0330-console-identity.md). */
export interface ConsoleAccountTable {
  corp_id: string;
  staff_id: string;
  login: string;
  /** `scrypt$N$r$p$salt$hash` (base64url salt and hash). */
  password_hash: string;
  /** The TOTP secret (base32), sealed with ENCRYPTION_KEY for this corp. */
  totp_secret: string;
  /** The last 30-second step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  failed_attempts: number;
  locked_until: number | null;
  password_changed_at: number;
  last_sign_in_at: number | null;
  created_at: number;
}
/** A corp's OpenID Connect relying-party settings, from its campaign definition. */
export interface ConsoleSsoTable {
  corp_id: string;
  issuer: string;
  client_id: string;
  /** The environment variable holding the client secret (the secret is never stored). */
  client_secret_env: string;
  roles_claim: string | null;
  staff_id_claim: string;
  updated_at: number;
}
/** A console session (platform/session.ts): its roles, how it signed in, its CSRF token. */
export interface ConsoleSessionTable {
  token_hash: string;
  corp_id: string;
  staff_id: string;
  roles: string;
  method: 'password' | 'sso';
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
/** One audit entry (modules/audit; docs/decisions/0331-audit-chain.md). JSON columns are canonical JSON. */
export interface AuditLogTable {
  corp_id: string;
  seq: number;
  at: number;
  actor_id: string | null;
  actor_name: string | null;
  actor_roles: string | null;
  ip: string | null;
  action: string;
  subject: string | null;
  before: string | null;
  after: string | null;
  prev_hash: string;
  hash: string;
}
/** The newest link of a corp's chain. */
export interface AuditHeadTable {
  corp_id: string;
  seq: number;
  hash: string;
}
/** A console campaign (modules/campaigns; docs/decisions/0340-console-campaigns.md). JSON in text columns. */
export interface CampaignTable {
  corp_id: string;
  id: string;
  kind: string;
  title: string;
  state: string;
  revision_state: string | null;
  draft: string;
  draft_rev: number;
  live: string | null;
  version: number | null;
  maker: string;
  editors: string;
  round: number;
  approvals_needed: number;
  submitted_at: number | null;
  submitted_by: string | null;
  starts_at: number | null;
  ends_at: number | null;
  slot: string | null;
  budget_cents: number;
  created_at: number;
  updated_at: number;
  updated_by: string;
}
/** One approver's decision on a campaign's submission. */
export interface CampaignReviewTable {
  corp_id: string;
  campaign_id: string;
  seq: number;
  round: number;
  rev: number;
  revision: number;
  reviewer: string;
  decision: string;
  comment: string;
  at: number;
}
export interface ConsoleTables {
  campaign: CampaignTable;
  campaign_review: CampaignReviewTable;
  corp_settings: CorpSettingsTable;
  console_account: ConsoleAccountTable;
  console_sso: ConsoleSsoTable;
  console_sign_in_throttle: ConsoleSignInThrottleTable;
  console_session: ConsoleSessionTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
}

export interface ActivityTable {
  corp_id: string;
  id: string;
  group_id: string | null;
  type: 'wheel' | 'grid' | 'scratch' | 'blindbox' | 'common' | 'newCustomer' | 'newUser' | 'ranking';
  title: string;
  subtitle: string;
  /** Operator state; what users see is derived with the clock (modules/activity/status.ts). */
  state: 'draft' | 'published' | 'paused' | 'ended';
  starts_at: number;
  ends_at: number;
  rules_html: string;
  page_config: string;
  chances_per_day: number | null;
  chances_per_activity: number | null;
  /** JSON: { whiteListOnly, cgroupIds, newCustomerSince, blacklist }. */
  eligibility: string;
  seed: string;
  commitment: string;
  version: number;
  version_published_at: number | null;
  revealed_at: number | null;
  created_at: number;
  /** Days a winner has to give a delivery address (the rules page states the same number). */
  address_window_days: Generated<number>;
  /** Days a coupon stays usable after it is won; null = no end. */
  coupon_valid_days: number | null;
  /** JSON string[]: the coupons' usage rules (使用说明) shown on a ticket (migration 0027). */
  coupon_rules: Generated<string>;
}
export interface ActivityVersionTable {
  corp_id: string;
  act_id: string;
  version: number;
  published_at: number;
  rules_html: string;
  /** JSON snapshot of the prize table (weights, tiers, unlocks) this version drew with. */
  prizes: string;
}
export interface PrizeTable_ {
  corp_id: string;
  act_id: string;
  id: string;
  sort: number;
  name: string;
  kind: 'coupon' | 'physical' | 'points' | 'thanks';
  image: string;
  weight: number;
  tiers: string;
  unlock_after_draws: number | null;
  consolation: number;
  total_stock: number | null;
  left_stock: number | null;
  per_user_cap: number | null;
  value_cents: number;
  points: number | null;
  /** The uploaded code pool (campaign_list of kind `codes`) a coupon's codes come from; null: generated (0027). */
  code_pool: string | null;
  /** The stock's release schedule as JSON (ReleaseSchedule, migration 0032); null: all of it from the start. */
  release: string | null;
}
/** What one period of a schedule without rollover gave out (migration 0032, ADR 0063). */
export interface PrizeReleasePeriodTable {
  corp_id: string;
  act_id: string;
  prize_id: string;
  period_start: number;
  taken: number;
}
export interface ActivityGroupTable {
  corp_id: string;
  id: string;
  show_ids: string;
  related_ids: string;
  surplus_ids: string;
  winner_ids: string;
  rocc: number;
  /** What the campaign does when risk cannot be judged (migration 0031): 'open' | 'closed'; null: the deployment's. */
  risk_fail_policy: string | null;
  risk_fail_open_per_minute: number | null;
}
export interface DrawTable {
  id: string;
  corp_id: string;
  act_id: string;
  user_id: string;
  version: number;
  draw_index: number;
  nonce: string;
  idem_key: string;
  request_hash: string;
  picked_prize_id: string;
  awarded_prize_id: string;
  fallback_reason: string | null;
  roll_hex: string;
  day: string;
  created_at: number;
}
export interface UserActivityStatTable {
  corp_id: string;
  act_id: string;
  user_id: string;
  draws_total: number;
  day: string;
  draws_day: number;
  extra_chances: number;
}
export interface AwardTable {
  id: string;
  corp_id: string;
  act_id: string;
  draw_id: string;
  user_id: string;
  prize_id: string;
  kind: 'coupon' | 'physical' | 'points';
  /** pending_approval: held for an approver (above the corp's threshold); declined: the approver said no. */
  status: 'issued' | 'awaiting_address' | 'exchanged' | 'pending_approval' | 'declined';
  coupon_code: string | null;
  points: number | null;
  order_id: string | null;
  created_at: number;
  updated_at: number;
  /** When and where a coupon's code was used (once). */
  used_at: Generated<number | null>;
  used_channel: Generated<'store' | 'online' | 'app' | null>;
  /** Idempotency-Key of the use, so a retried use gets the same answer. */
  use_key: Generated<string | null>;
}
/** A column of a view: read, never written. */
type ViewColumn<T> = ColumnType<T, never, never>;
/**
 * The read view `award ⋈ prize ⋈ activity` (migration 0023), owned by prizes. Left joins: the prize and
 * campaign columns are null for an award whose prize is gone.
 */
export interface AwardLineView {
  corp_id: ViewColumn<string>;
  id: ViewColumn<string>;
  act_id: ViewColumn<string>;
  prize_id: ViewColumn<string>;
  draw_id: ViewColumn<string>;
  user_id: ViewColumn<string>;
  kind: ViewColumn<AwardTable['kind']>;
  status: ViewColumn<AwardTable['status']>;
  coupon_code: ViewColumn<string | null>;
  points: ViewColumn<number | null>;
  order_id: ViewColumn<string | null>;
  created_at: ViewColumn<number>;
  used_at: ViewColumn<number | null>;
  used_channel: ViewColumn<'store' | 'online' | 'app' | null>;
  use_key: ViewColumn<string | null>;
  prize_name: ViewColumn<string | null>;
  prize_image: ViewColumn<string | null>;
  prize_value_cents: ViewColumn<number | null>;
  activity_title: ViewColumn<string | null>;
  address_window_days: ViewColumn<number | null>;
  coupon_valid_days: ViewColumn<number | null>;
}
export interface PointsLedgerTable {
  id: Generated<number>;
  corp_id: string;
  user_id: string;
  delta: number;
  reason: string;
  ref: string;
  created_at: number;
}
export interface PhysicalOrderTable {
  id: string;
  corp_id: string;
  user_id: string;
  award_id: string;
  /** Stored states; `expired` is also derived on read from the activity's address window. */
  status:
    | 'awaiting_address'
    | 'confirmed'
    | 'shipped'
    | 'delivered'
    | 'expired'
    | 'closed'
    | 'paid'
    | 'payment_failed'
    | 'refunded';
  address_id: string | null;
  created_at: number;
  /** JSON AddressSnapshot copied at confirmation: later address edits never reach the order. */
  address_snapshot: Generated<string | null>;
  tracking_no: Generated<string | null>;
  confirmed_at: Generated<number | null>;
  shipped_at: Generated<number | null>;
  delivered_at: Generated<number | null>;
  closed_at: Generated<number | null>;
  updated_at: Generated<number | null>;
  /** Payment-linked orders (migration 0010): the payment that paid it, and when each payment state came. */
  payment_id: Generated<string | null>;
  paid_cents: Generated<number | null>;
  paid_at: Generated<number | null>;
  payment_failed_at: Generated<number | null>;
  refunded_at: Generated<number | null>;
}
export interface RiskLogTable {
  id: Generated<number>;
  corp_id: string;
  act_id: string;
  user_id: string;
  ip: string;
  device_id: string | null;
  gray_flag: number | null;
  decision: 'allow' | 'refuse';
  rule: string | null;
  created_at: number;
}

export interface DrawTables {
  activity: ActivityTable;
  activity_version: ActivityVersionTable;
  prize: PrizeTable_;
  prize_stock_bucket: PrizeStockBucketTable;
  prize_release_period: PrizeReleasePeriodTable;
  activity_group: ActivityGroupTable;
  draw: DrawTable;
  user_activity_stat: UserActivityStatTable;
  award: AwardTable;
  award_line: AwardLineView;
  points_ledger: PointsLedgerTable;
  physical_order: PhysicalOrderTable;
  order_payment_event: OrderPaymentEventTable;
  risk_log: RiskLogTable;
}

export interface AddressTable {
  /** The addNo: random, never sequential. */
  id: string;
  corp_id: string;
  user_id: string;
  name: string;
  mobile: string;
  province_code: string;
  province_name: string;
  city_code: string;
  city_name: string;
  district_code: string;
  district_name: string;
  detail: string;
  is_default: number;
  idem_key: string | null;
  created_at: number;
  updated_at: number;
}
export interface DiscountTable {
  corp_id: string;
  id: string;
  title: string;
  /** JSON string[] */
  rules: string;
  amount_cents: number;
  threshold_cents: number;
  /** JSON { bin, label }[] */
  valid_cards: string;
  /** JSON { id, name }[] */
  valid_merchants: string;
  starts_at: number;
  ends_at: number;
  total_limit: number;
  used_total: Generated<number>;
  per_user_limit: number;
  daily_limit: number | null;
  created_at: number;
}
export interface DiscountUserTable {
  corp_id: string;
  discount_id: string;
  user_id: string;
  used: number;
}
export interface DiscountDayTable {
  corp_id: string;
  discount_id: string;
  day: string;
  used: number;
}
export interface DiscountConsumptionTable {
  id: string;
  corp_id: string;
  discount_id: string;
  user_id: string;
  payment_id: string;
  merchant_id: string;
  amount_cents: number;
  discount_cents: number;
  pay_cents: number;
  created_at: number;
  /** reserved → paid (the bank's signed result) or released (failed, or unpaid past reserved_until); ADR 0044. */
  state: Generated<'reserved' | 'paid' | 'released'>;
  reserved_until: number | null;
}
/** An instant discount given to a customer (campaign grant), listed in 我的奖品. */
export interface DiscountGrantTable {
  corp_id: string;
  discount_id: string;
  user_id: string;
  source: string;
  granted_at: number;
}
export interface ClaimTables {
  address: AddressTable;
  discount: DiscountTable;
  discount_user: DiscountUserTable;
  discount_day: DiscountDayTable;
  discount_consumption: DiscountConsumptionTable;
  discount_grant: DiscountGrantTable;
}

/** A corp's compliance document, one row per version (ADR 0045; owner auth). */
export interface CorpDocumentTable {
  corp_id: string;
  doc_key: string;
  version: string;
  title: string;
  body: string;
  effective_at: number;
  /** 1 on the version the corp's definition names now. */
  current: Generated<number>;
  created_at: number;
}
/** An account's consent to one version of a document, with its time (the first consent is kept). */
export interface DocumentConsentTable {
  corp_id: string;
  user_id: string;
  doc_key: string;
  version: string;
  consented_at: number;
}
export interface DocumentTables {
  corp_document: CorpDocumentTable;
  document_consent: DocumentConsentTable;
}

/** Growth (migration 0006): offers claimed, invite setups, counted invites, per-inviter tallies. */
export interface GrowthTables {
  offer_claim: { corp_id: string; act_id: string; user_id: string; award_key: string; created_at: number };
  invite_setup: { corp_id: string; act_id: string; per_day: number; per_season: number; link_ttl_hours: number };
  invite: { corp_id: string; act_id: string; invitee_id: string; inviter_id: string; day: string; created_at: number };
  invite_tally: { corp_id: string; act_id: string; inviter_id: string; period: string; n: number };
}

/** modules/season (migration 0007). */
export interface SeasonTables {
  season: {
    corp_id: string;
    act_id: string;
    starts_at: number;
    ends_at: number;
    tasks: string;
    bands: string;
    settled_at: number | null;
  };
  season_draw_task: {
    corp_id: string;
    draw_act_id: string;
    act_id: string;
    task_id: string;
    points: number;
    period: string;
  };
  season_ledger: {
    corp_id: string;
    act_id: string;
    user_id: string;
    task_id: string;
    period: string;
    points: number;
    created_at: number;
  };
  season_score: {
    corp_id: string;
    act_id: string;
    user_id: string;
    score: number;
    reached_at: number;
    prev_reached_at: number;
  };
  season_tally: { corp_id: string; act_id: string; score: number; n: number };
  season_hour_tally: { corp_id: string; act_id: string; score: number; hour: number; n: number };
  season_result: {
    corp_id: string;
    act_id: string;
    user_id: string;
    rank: number;
    score: number;
    prize_id: string;
    award_id: string | null;
    created_at: number;
  };
}

// Staff and approvals (0009-staff-and-approvals).
export interface StaffTable {
  corp_id: string;
  id: string;
  name: string;
  /** JSON array of StaffRole. */
  roles: string;
  /** JSON array of store ids (clerks). */
  stores: string;
  active: Generated<number>;
  updated_at: number;
}
export interface StaffSessionTable {
  token_hash: string;
  corp_id: string;
  staff_id: string;
  /** JSON array: the roles the ticket carried (each on the staff list at log-in). */
  roles: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
export interface ApprovalPolicyTable {
  corp_id: string;
  prize_threshold_cents: number | null;
}
export interface ApprovalRequestTable {
  id: string;
  corp_id: string;
  kind: string;
  subject: string;
  title: string;
  requested_by: string;
  /** JSON object shown to the approver. */
  context: string;
  /** What the kind's effect needs (JSON), e.g. a proposed rules version; not shown. */
  payload: string | null;
  /** closed: another approved request on the same subject used it up (the comment says so). */
  status: 'pending' | 'approved' | 'rejected' | 'closed';
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: number | null;
  comment: string | null;
  created_at: number;
}
export interface ApprovalEventTable {
  id: string;
  corp_id: string;
  request_id: string;
  action: 'requested' | 'approved' | 'rejected' | 'closed';
  actor: string;
  comment: string | null;
  at: number;
}
export interface StaffTables {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  approval_policy: ApprovalPolicyTable;
  approval_request: ApprovalRequestTable;
  approval_event: ApprovalEventTable;
}

/** A share of a prize's stock (ADR 0052): what is left of a prize is its row's left_stock plus its buckets. */
export interface PrizeStockBucketTable {
  corp_id: string;
  act_id: string;
  prize_id: string;
  bucket: number;
  left_stock: number;
}
/** One payment-result notification per (corp, order, payment, result): a repeat is found, never applied twice. */
export interface OrderPaymentEventTable {
  corp_id: string;
  order_id: string;
  payment_id: string;
  result: 'paid' | 'failed' | 'refunded';
  amount_cents: number;
  source: 'callback' | 'operator';
  notified_at: number;
  created_at: number;
}
