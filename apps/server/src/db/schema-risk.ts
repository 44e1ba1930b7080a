import type { RiskAction, RiskListType, RiskMode } from '@campaign/contract';

/** Risk controls (migration 0028, module risk, ADR 0059). */
export interface RiskRulesetTable {
  id: string;
  corp_id: string;
  version: number;
  name: string;
  note: string;
  /** JSON RiskRule[]: the version's rules, as saved. */
  rules: string;
  /** SHA-256 of the rules' canonical JSON. */
  hash: string;
  mode: RiskMode;
  canary_pct: number | null;
  based_on: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  /** When it first ran (shadow or acting): from then on its rules never change. */
  ran_at: number | null;
  /** The approval request (risk-ruleset) that waits to let it act; one at a time. */
  pending_request: string | null;
}

export interface RiskDecisionTable {
  id: string;
  corp_id: string;
  act_id: string;
  user_id: string;
  ip: string;
  device_id: string | null;
  gray_flag: number | null;
  /** The acting version (enforced, or the canary that took this customer); null: none acted. */
  ruleset_id: string | null;
  ruleset_hash: string | null;
  action: RiskAction;
  /** JSON string[]: the rule ids that matched (built-in velocity rules as `velocity-*`). */
  matched: string;
  /** JSON [{ id, action, matched }]: what each shadow (or unchosen canary) version would have done. */
  shadow: string;
  /** JSON: the features the rules saw. */
  features: string;
  draw_id: string | null;
  value_cents: number | null;
  /** A reviewer's verdict: confirmed (a farmer) or false_positive. */
  label: 'confirmed' | 'false_positive' | null;
  /** The customer's appeal of this decision (an approval request of kind risk-appeal); one per decision. */
  appeal_id: string | null;
  created_at: number;
}

export interface RiskListTable {
  id: string;
  corp_id: string;
  type: RiskListType;
  /** HMAC of a phone or ID number; the device id, address, CIDR or invite code as given. */
  value_key: string;
  shown: string;
  reason: string;
  source: 'manual' | 'rule' | 'import';
  owner: string;
  expires_at: number | null;
  created_at: number;
}

/** A replay of a version over the decision log, run as a background job (migration 0030, ADR 0061). */
export interface RiskReplayJobTable {
  id: string;
  corp_id: string;
  ruleset_id: string;
  ruleset_hash: string;
  /** The campaign replayed, or '' for every decision of the corp. */
  scope: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** Decisions read so far, and how many the scope held when the job started. */
  done: number;
  total: number;
  /** JSON RiskReplay once done. */
  result: string | null;
  error: string | null;
  created_by: string;
  created_at: number;
  /** Moved on every page: a running job whose heartbeat stopped was left by a process that stopped. */
  heartbeat_at: number;
  finished_at: number | null;
}

export interface RiskTables {
  risk_ruleset: RiskRulesetTable;
  risk_decision: RiskDecisionTable;
  risk_list: RiskListTable;
  risk_snooze: {
    corp_id: string;
    user_id: string;
    rule_id: string;
    reason: string;
    created_by: string;
    expires_at: number;
  };
  risk_consent: { corp_id: string; user_id: string; granted: number; purpose: string; decided_at: number };
  risk_counter: { k: string; n: number; expires_at: number };
  risk_distinct: { k: string; member: string; expires_at: number };
  /** A reviewer's decision asked to be reversed (migration 0029, ADR 0393): pending, then reversed for good. */
  risk_reversal: {
    corp_id: string;
    decision_id: string;
    request_id: string;
    state: 'pending' | 'reversed';
    created_at: number;
  };
  risk_replay_job: RiskReplayJobTable;
}
