import type { DrawProof } from '@campaign/contract';
import type { AuditActor } from '../../platform/audit-port';

// What the campaign lab needs from other modules, wired in services.ts (modules never import each other).

/** A prize of a draft as the lab reads it (the campaign file's prize, docs/campaign-format.md). */
export interface LabPrize {
  id: string;
  name: string;
  kind: string;
  image: string;
  weight: number;
  stock: number | null;
  valueCents: number;
  unlockAfterDraws: number | null;
  tiers: readonly { fromDraw: number; weight: number }[];
  consolation: boolean;
  /** The stock's release schedule (ADR 0063); none: all of it from the start. */
  release?: { every: 'day' | 'hour'; units: number; rollover: boolean } | null;
}

export interface LabWeights {
  weights: { id: string; weight: number }[];
  total: number;
}

/** The draw engine's pure selection (modules/draw/rules.ts `drawEngine`): the lab simulates with it. */
export interface DrawEnginePort {
  validatePrizeTable(prizes: readonly LabPrize[]): { message: string; prizeId: string | null }[];
  effectiveWeights(prizes: readonly LabPrize[], drawIndex: number): LabWeights;
  pickFromWeights(weights: LabWeights, roll: number): string;
  consolationPrizeId(prizes: readonly LabPrize[]): string;
  rollFor(seedHex: string, userId: string | number, drawNonce: string, total: number): { roll: number };
  newSeed(): string;
  /** The odds as the rules page publishes them (a new participant's). */
  odds(prizes: readonly LabPrize[]): { id: string; percentText: string }[];
}

/** A stored campaign draft (module `campaigns`). */
export interface StoredDraft {
  id: string;
  title: string;
  kind: string;
  state: string;
  rev: number;
  /** The draft JSON: `{ kind, activity?, discount?, season?, … }` (the campaign file's part, as JSON). */
  draft: unknown;
}

export interface Acting {
  actor: AuditActor;
  ip: string | null;
  /** The caller's language (the campaigns module answers field errors in it). */
  locale?: 'zh-CN' | 'en-US';
}

/** The drafts, read and written through the campaigns module's own rules (revisions, 409 on a stale rev). */
export interface CampaignDraftsPort {
  draftOf(corpId: string, id: string): Promise<StoredDraft | null>;
  /** The campaign file object `cli import` reads for this draft (what approval publishes). */
  fileOf(corpId: string, id: string, draft: unknown): Record<string, unknown>;
  /** A new draft from an imported file, or the file saved into draft `id` (its rev must be current). */
  importDraft(
    acting: Acting,
    corpId: string,
    input: { id?: string; kind: string; title: string; draft: unknown },
  ): Promise<{ id: string; rev: number }>;
}

/** One draw's published data and its recomputation (module `draw`). */
export interface DrawProofPort {
  proof(corpId: string, drawId: string): Promise<DrawProof | null>;
}
