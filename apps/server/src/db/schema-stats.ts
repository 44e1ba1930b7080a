import type { Generated } from 'kysely';

/** Module `stats` (migration 0016, docs/decisions/0360-stats-counters.md). */

/** What a counted event adds to: `metric` is one of packages/contract STAT_METRICS. */
interface StatKey {
  corp_id: string;
  act_id: string;
  /** app | chat | h5 | miniapp | '' (not known, e.g. an operator's move). */
  channel: string;
  metric: string;
  /** The prize of a win or a claim; '' otherwise. */
  prize_id: string;
  n: number;
  /** Money the event moved (a win's prize value), in cents. */
  cents: number;
}
export interface StatsDeltaTable extends StatKey {
  id: Generated<number>;
  /** When the event happened (epoch ms): a late fold still counts it in its own minute and hour. */
  at: number;
}
export type StatsTotalTable = StatKey;
export interface StatsHourTable extends StatKey {
  /** Epoch ms of the hour's start (UTC hours; Beijing has no half-hour offset). */
  hour: number;
}
export interface StatsMinuteTable extends StatKey {
  minute: number;
}
export interface StatsSeenTable {
  corp_id: string;
  act_id: string;
  /** visitor | login */
  kind: string;
  who: string;
}

export interface StatsTables {
  stats_delta: StatsDeltaTable;
  stats_total: StatsTotalTable;
  stats_hour: StatsHourTable;
  stats_minute: StatsMinuteTable;
  stats_seen: StatsSeenTable;
}
