import type { ColumnType, Kysely, SelectType, Transaction } from 'kysely';
import type { AnyExecutor } from './connection';
import type { DB } from './schema';

/**
 * Who owns which table: the one place (docs/tables.md is generated from it, `npm run tables:doc`, and
 * checked by owners.test.ts). A module's repository sees a Kysely of its own tables only (`Own<'prizes'>`),
 * so naming another module's table does not compile. What a module reads of another's tables comes through
 * the owner: a port passed in by services.ts, or a read-only view the owner declares in `views` below.
 * `platform` owns the sessions (customers', staff's and the console's, one store: platform/session.ts) and the tenancy
 * tables (platform/tenancy.ts). ADR 0008.
 */
export const OWNERS = [
  'platform',
  'auth',
  'tracking',
  'activity',
  'draw',
  'prizes',
  'orders',
  'coupons',
  'payments',
  'addresses',
  'discounts',
  'growth',
  'season',
  'staff',
  'approvals',
  'stores',
  'console',
  'settings',
  'audit',
  'campaign-lab',
  'campaigns',
  'stats',
  'reports',
  'reconcile',
  'alerts',
  'notifications',
  'risk',
] as const;
export type Owner = (typeof OWNERS)[number];

export const tableOwners = {
  corp: 'platform',
  corp_group_member: 'platform',
  cgroup: 'platform',
  cgroup_member: 'platform',
  session: 'platform',
  staff_session: 'platform',
  app_user: 'auth',
  otp_code: 'auth',
  ticket_nonce: 'auth',
  page_visit: 'tracking',
  tracking_event: 'tracking',
  activity: 'activity',
  activity_version: 'activity',
  activity_group: 'activity',
  prize: 'activity',
  prize_stock_bucket: 'activity',
  prize_release_period: 'activity',
  draw: 'draw',
  user_activity_stat: 'draw',
  risk_log: 'draw',
  award: 'prizes',
  award_line: 'prizes',
  points_ledger: 'prizes',
  physical_order: 'orders',
  order_payment_event: 'payments',
  address: 'addresses',
  discount: 'discounts',
  discount_user: 'discounts',
  discount_day: 'discounts',
  discount_consumption: 'discounts',
  discount_grant: 'discounts',
  corp_document: 'auth',
  document_consent: 'auth',
  offer_claim: 'growth',
  invite_setup: 'growth',
  invite: 'growth',
  invite_tally: 'growth',
  season: 'season',
  season_draw_task: 'season',
  season_hour_tally: 'season',
  season_ledger: 'season',
  season_result: 'season',
  season_score: 'season',
  season_tally: 'season',
  staff: 'staff',
  approval_policy: 'approvals',
  approval_request: 'approvals',
  approval_event: 'approvals',
  store: 'stores',
  store_list: 'stores',
  store_list_store: 'stores',
  store_list_activity: 'stores',
  store_redemption: 'stores',
  redemption_audit: 'stores',
  console_session: 'platform',
  console_account: 'console',
  console_sso: 'console',
  console_sign_in_throttle: 'console',
  corp_settings: 'settings',
  audit_log: 'audit',
  audit_head: 'audit',
  campaign_list: 'campaign-lab',
  campaign_list_entry: 'campaign-lab',
  campaign_code: 'campaign-lab',
  campaign: 'campaigns',
  campaign_review: 'campaigns',
  stats_delta: 'stats',
  stats_total: 'stats',
  stats_hour: 'stats',
  stats_minute: 'stats',
  stats_seen: 'stats',
  export_job: 'reports',
  reconcile_report: 'reconcile',
  alert: 'alerts',
  alert_webhook: 'alerts',
  notification: 'notifications',
  risk_ruleset: 'risk',
  risk_decision: 'risk',
  risk_list: 'risk',
  risk_snooze: 'risk',
  risk_consent: 'risk',
  risk_counter: 'risk',
  risk_distinct: 'risk',
  risk_reversal: 'risk',
  risk_replay_job: 'risk',
} as const satisfies { [T in keyof DB]: Owner };

/**
 * Read-only views the owners declare: which columns of a table which other modules may join (names for a
 * list, a masked mobile, a row lock). A view's columns can be selected, never set; inserting into or
 * deleting from a table one does not own is refused by owners.test.ts.
 */
export const views = {
  app_user: {
    columns: ['corp_id', 'id', 'nuid', 'mobile', 'open_id', 'created_at'],
    readers: ['platform', 'activity', 'addresses', 'prizes', 'coupons', 'growth', 'season', 'reports'],
    why: 'the session read (one join per request), masked mobiles in lists and exports, sign-up time, the address book row lock',
  },
  staff: {
    columns: ['corp_id', 'id', 'name', 'roles', 'stores', 'active', 'updated_at'],
    readers: ['platform', 'console', 'settings'],
    why: 'the staff and console session reads (roles the staff list still grants); the console’s staff list beside its accounts; the count of approvers (M)',
  },
  activity: {
    columns: [
      'corp_id',
      'id',
      'title',
      'address_window_days',
      'coupon_valid_days',
      'coupon_rules',
      'state',
      'starts_at',
      'ends_at',
    ],
    readers: ['reconcile', 'alerts', 'coupons', 'risk'],
    why: 'which campaigns the daily reconciliation and the alerts look at (titles and claim terms beside an award: award_line); a ticket’s usage rules; when a campaign ended (the risk module’s device-id purge)',
  },
  prize: {
    columns: ['corp_id', 'act_id', 'id', 'name', 'image', 'value_cents', 'kind', 'total_stock'],
    readers: ['reconcile', 'alerts'],
    why: 'names, kinds and stock in the reconciliation and the low-stock alert (a prize beside an award: award_line)',
  },
  award: {
    columns: [
      'corp_id',
      'id',
      'act_id',
      'prize_id',
      'draw_id',
      'user_id',
      'kind',
      'status',
      'coupon_code',
      'created_at',
      'used_at',
      'used_channel',
      'use_key',
      'points',
      'order_id',
    ],
    readers: ['growth', 'coupons', 'reports', 'reconcile', 'alerts'],
    why: 'an offer’s award, a coupon’s kinds (its state is the award’s); the redemptions and audit exports, the reconciliation, the budget alert',
  },
  award_line: {
    columns: [
      'corp_id',
      'id',
      'act_id',
      'prize_id',
      'draw_id',
      'user_id',
      'kind',
      'status',
      'coupon_code',
      'points',
      'order_id',
      'created_at',
      'used_at',
      'used_channel',
      'use_key',
      'prize_name',
      'prize_image',
      'prize_value_cents',
      'activity_title',
      'address_window_days',
      'coupon_valid_days',
    ],
    readers: ['orders', 'coupons', 'reports'],
    why: 'an award with its prize and campaign (a real view, migration 0023): the customer’s coupons and orders, the winners, orders and coupons exports',
  },
  physical_order: {
    columns: ['corp_id', 'award_id', 'status', 'id', 'created_at', 'address_snapshot', 'tracking_no'],
    readers: ['prizes', 'reports', 'reconcile'],
    why: 'the order state beside a physical prize in the prize list; the fulfilment partner’s export (name, phone, address snapshot) and orders = physical awards',
  },
  draw: {
    columns: ['corp_id', 'id', 'act_id', 'user_id', 'awarded_prize_id', 'created_at'],
    readers: ['prizes', 'reconcile'],
    why: 'draws = wins + no-prize, and which prize a draw gave (the reconciliation); the draw id beside a prize won in a draw (我的奖品, issue 34 §3)',
  },
  points_ledger: {
    columns: ['corp_id', 'user_id', 'delta', 'reason', 'ref', 'created_at'],
    readers: ['reconcile'],
    why: 'points credited = the ledger (the reconciliation)',
  },
  store: {
    columns: ['corp_id', 'id', 'name'],
    readers: ['reports'],
    why: 'store names in the redemptions export',
  },
  store_redemption: {
    columns: ['corp_id', 'id', 'award_id', 'code', 'store_id', 'staff_id', 'staff_name', 'redeemed_at'],
    readers: ['reports', 'reconcile'],
    why: 'the redemptions export per store and clerk; store redemptions = the audit’s successes',
  },
  redemption_audit: {
    columns: ['corp_id', 'id', 'code', 'store_id', 'staff_id', 'outcome', 'created_at'],
    readers: ['reconcile'],
    why: 'store redemptions = the counter audit’s successes (the reconciliation)',
  },
  audit_log: {
    columns: [
      'corp_id',
      'seq',
      'at',
      'actor_id',
      'actor_name',
      'actor_roles',
      'ip',
      'action',
      'subject',
      'before',
      'after',
      'prev_hash',
      'hash',
    ],
    readers: ['reports'],
    why: 'the audit log export, streamed a page at a time like every other export',
  },
} as const satisfies {
  [T in keyof DB]?: { columns: readonly (keyof DB[T] & string)[]; readers: readonly Owner[]; why: string };
};

type Views = typeof views;
type OwnedBy<M extends Owner> = {
  [T in keyof typeof tableOwners]: (typeof tableOwners)[T] extends M ? T : never;
}[keyof typeof tableOwners];
type ReadOnly<R> = { [C in keyof R]: ColumnType<SelectType<R[C]>, never, never> };
type ViewsOf<M extends Owner> = {
  [T in keyof Views as M extends Views[T]['readers'][number]
    ? (typeof tableOwners)[T] extends M
      ? never
      : T
    : never]: ReadOnly<Pick<DB[T], Extract<Views[T]['columns'][number], keyof DB[T]>>>;
};

/** The tables a module sees: its own, and the views declared for it. */
export type TablesOf<M extends Owner> = Pick<DB, OwnedBy<M>> & ViewsOf<M>;

/** What a module's repository functions run on: its own tables, on the database or in a transaction. */
export type Own<M extends Owner> = Kysely<TablesOf<M>> | Transaction<TablesOf<M>>;

declare const handedOver: unique symbol;
/**
 * A transaction handed to another module through a port (an approval's effect, a stock return): opaque.
 * The receiver runs its own statements in it through `own('its-name', tx)`.
 */
export type PortTx = { readonly [handedOver]: true };

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** `M` when it is one owner; never for a union (a variable typed `Owner`, which would see every table). */
export type OneOwner<M extends Owner> = true extends IsUnion<M> ? never : M;

/**
 * This module's view of a transaction it was handed, or of the whole database (services.ts, tests). The
 * owner is a literal: the type refuses a union, and owners.test.ts (testing/ownership.ts) any variable.
 */
export function own<M extends Owner>(_owner: M & OneOwner<M>, tx: PortTx | AnyExecutor): Own<M> {
  return tx as unknown as Own<M>;
}

/** Hands the caller's transaction to another module through a port. */
export function handOver(tx: AnyExecutor): PortTx {
  return tx as unknown as PortTx;
}

/** Tables outside the Kysely schema (raw SQL), with their owner. */
export const rawTables = {
  rate_limit: { owner: 'platform', why: 'platform/limits.ts counts rate limits in it (or in Redis)' },
} as const satisfies Record<string, { owner: Owner; why: string }>;
