import type { Locale } from '@campaign/contract';
/**
 * What this module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

/** The part of a prize that decides odds. */
export interface PrizeTerms {
  id: string;
  weight: number;
  tiers: readonly { fromDraw: number; weight: number }[];
  unlockAfterDraws: number | null;
  consolation: boolean;
}

/** The draw's rules (modules/draw/rules.ts): one engine decides both the odds shown and the odds drawn. */
export interface DrawRulesPort {
  /** The technical explanation of the draw, per language. */
  readonly algorithm: Readonly<Record<Locale, string>>;
  /** Every problem of a prize table, for the operator; empty when it can be published. */
  tableProblems(prizes: readonly PrizeTerms[]): string[];
  /** Odds of a new participant, one row per prize. */
  odds(prizes: readonly PrizeTerms[]): readonly { id: string; probability: number; percentText: string }[];
  newSeed(): string;
  commitment(seedHex: string): string;
}

/** The corp's kill switch (platform/halts-port.ts, docs/decisions/0332-kill-switch.md). */
export type { HaltsPort as CampaignHaltsPort } from '../../platform/halts-port';

/**
 * A white list uploaded for a campaign (the campaign lab owns the lists, docs/decisions/0347-uploads.md): is this
 * customer on it, by customer number or by mobile.
 */
export interface WhiteListPort {
  onList(corpId: string, listId: string, who: { nuid: string; mobile: string | null }): Promise<boolean>;
}
