import type { Step, TxExec } from '../../db/tx';
import type { AwardPort } from '../../platform/award-ports';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';

/**
 * What the season needs from other modules, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

/** A season's activity as the season reads it (its window, texts and the prizes its bands award). */
export interface SeasonActivity {
  row: { type: string; title: string; subtitle: string; state: string; starts_at: number; ends_at: number };
  prizes: readonly {
    id: string;
    name: string;
    kind: 'coupon' | 'physical' | 'points' | 'thanks';
    image: string;
    value_cents: number;
    points: number | null;
    total_stock: number | null;
  }[];
}

/** The activity catalogue (modules/activity). */
export interface SeasonCataloguePort {
  /** A customer-visible activity, else ACTIVITY_NOT_FOUND. */
  visible(corpId: string, actId: string): Promise<SeasonActivity>;
  /** The activity open to this customer now, else the refusal (not started, ended, paused, not eligible). */
  admit(corp: Corp, user: RequestUser, actId: string): Promise<SeasonActivity>;
  /** Takes one unit of a prize's stock inside the settlement's transaction; false when none is left. */
  takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean>;
}

/** Prizes (modules/prizes): the settlement awards a band's prize as the draw awards one (drawId `season:<corp>:<act>:<user>`). */
export type SeasonPrizesPort = AwardPort;
