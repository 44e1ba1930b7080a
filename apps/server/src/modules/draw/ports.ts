import type { ReleaseSchedule } from '@campaign/contract/release-schedule';
import type { AwardPort, AwardWritten } from '../../platform/award-ports';
import type { FailPolicy } from '../../platform/risk-port';
import type { PacedStockPort, StockLeftPort, TakeStockPort } from '../../platform/stock-port';

export type { DrawCounterPort } from '../../platform/stats-port';

import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { PrizeConfig } from './engine';

/**
 * What the draw needs from other modules, declared here and passed in by createServices (services.ts):
 * modules never import each other. The steps that run inside the draw transaction are generator steps
 * like the repo functions, so on SQLite the whole draw stays synchronous inside one group commit.
 */

/** A prize as the draw reads it. */
export interface DrawablePrize {
  id: string;
  name: string;
  kind: 'coupon' | 'physical' | 'points' | 'thanks';
  image: string;
  value_cents: number;
  total_stock: number | null;
  per_user_cap: number | null;
  points: number | null;
  /** A coupon's uploaded code pool (ADR 0390); null: generated codes. */
  code_pool: string | null;
}

/** An activity as the draw reads it. */
export interface DrawableActivity {
  row: {
    id: string;
    type: string;
    title: string;
    version: number;
    seed: string;
    chances_per_day: number | null;
    chances_per_activity: number | null;
    starts_at: number;
    ends_at: number;
  };
  prizes: readonly DrawablePrize[];
  /** The prizes whose stock is released on a schedule (ADR 0063), by id; empty for most campaigns. */
  paced: ReadonlyMap<string, ReleaseSchedule>;
  byId: ReadonlyMap<string, DrawablePrize>;
  /** Its group has rocc on: the risk hook judges every new draw, on the plain lottery path too. */
  riskChecked: boolean;
  /** What the campaign does when risk cannot be judged (its group's statement; null: the deployment's). */
  riskFailPolicy: FailPolicy | null;
  /** The prize table as the engine reads it (weights, tiers, unlocks, the consolation prize), in prize order. */
  terms: readonly PrizeConfig[];
  hasCaps: boolean;
}

/** The activity catalogue (modules/activity); its stock through the ports declared in platform/stock-port.ts. */
export interface ActivityPort extends StockLeftPort, TakeStockPort, PacedStockPort {
  /** The activity, draft or not; null when it does not exist (replaying an earlier draw). */
  load(corpId: string, actId: string): Promise<DrawableActivity | null>;
  /** A customer-visible activity, else ACTIVITY_NOT_FOUND. */
  visible(corpId: string, actId: string): Promise<DrawableActivity>;
  /** The activity this customer may draw in now, else the refusal (not started, ended, paused, not eligible). */
  admit(corp: Corp, user: RequestUser, actId: string): Promise<DrawableActivity>;
  /** The seed, its commitment and each version's prize terms; null when the activity does not exist. */
  fairnessRecord(
    corpId: string,
    actId: string,
  ): Promise<{
    seed: string;
    commitment: string;
    ended: boolean;
    versions: {
      version: number;
      prizes: PrizeConfig[];
    }[];
  } | null>;
}

/** An award as the draw result shows it. */
export type DrawnAward = AwardWritten;

/** Prizes (modules/prizes): awards and the points ledger; a physical prize's order through modules/orders. */
export interface PrizesPort extends AwardPort {
  awardOfDraw(corpId: string, drawId: string): Promise<DrawnAward | null>;
}

export type { RiskEnginePort, RiskVerdict } from '../../platform/risk-port';
