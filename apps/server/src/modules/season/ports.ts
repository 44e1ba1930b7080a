import type { AwardPort } from '../../platform/award-ports';
import type { FailPolicy } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { TakeStockPort } from '../../platform/stock-port';
import type { Corp } from '../../platform/tenancy';

/**
 * What the season needs from other modules, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

/** A season's activity as the season reads it (its window, texts and the prizes its bands award). */
export interface SeasonActivity {
  /** Its group has rocc on: its task credits and its settlement are judged by the risk engine (issue 35). */
  riskChecked: boolean;
  /** What its judgements do when risk cannot be judged (its group's statement; null: the deployment's). */
  riskFailPolicy: FailPolicy | null;
  row: { type: string; title: string; subtitle: string; state: string; starts_at: number; ends_at: number };
  prizes: readonly {
    id: string;
    name: string;
    kind: 'coupon' | 'physical' | 'points' | 'thanks';
    image: string;
    value_cents: number;
    points: number | null;
    total_stock: number | null;
    /** A coupon's uploaded code pool (ADR 0390). */
    code_pool: string | null;
  }[];
}

/** The activity catalogue (modules/activity); taking stock through platform/stock-port.ts. */
export interface SeasonCataloguePort extends TakeStockPort {
  /** A customer-visible activity, else ACTIVITY_NOT_FOUND. */
  visible(corpId: string, actId: string): Promise<SeasonActivity>;
  /** The activity open to this customer now, else the refusal (not started, ended, paused, not eligible). */
  admit(corp: Corp, user: RequestUser, actId: string): Promise<SeasonActivity>;
}

/** Prizes (modules/prizes): the settlement awards a band's prize as the draw awards one (drawId `season:<corp>:<act>:<user>`). */
export type SeasonPrizesPort = AwardPort;
