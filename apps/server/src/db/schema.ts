import type { Generated } from 'kysely';

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

export type DB = PlatformTables;
