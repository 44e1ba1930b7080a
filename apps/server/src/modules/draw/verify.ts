import {
  consolationPrizeId,
  effectiveWeights,
  isNonNegativeInteger,
  type PrizeConfig,
  type PrizeTableProblem,
  pickFromWeights,
  validatePrizeTable,
} from './engine';
import { commitment, drawMessage, rollFor } from './fairness';

// Verification (docs/decisions/0005-draw-fairness.md): every draw of an ended activity recomputed from the
// revealed seed and the published tables, apart from the engine that makes the draws.

/** A stored draw as the verifier sees it (column values straight from the database or an export). */
export interface DrawRecord {
  id: string | number;
  userId: string | number;
  drawNonce: string;
  drawIndex: number;
  pickedPrizeId: string;
  awardedPrizeId: string;
  /** Typed loosely on purpose: a verifier must report an unknown value, not trust the type system. */
  fallbackReason: string | null;
  rollHex: string;
}

export type DrawMismatchReason =
  | 'invalid-record'
  | 'roll-mismatch'
  | 'picked-mismatch'
  | 'awarded-mismatch'
  | 'fallback-not-consolation'
  | 'fallback-from-consolation'
  | 'unknown-fallback-reason'
  | 'nonce-reused'
  | 'draw-index-duplicate'
  | 'draw-index-gap';

export interface DrawMismatch {
  drawId: string | number;
  reason: DrawMismatchReason;
  /** Human-readable specifics (expected vs found) for the CLI report. */
  detail: string;
}

export interface VerifyInput {
  seedHex: string;
  commitment: string;
  prizes: readonly PrizeConfig[];
  draws: readonly DrawRecord[];
  /**
   * True (default) when `draws` is the activity's complete record: then each user's draw indexes must
   * run 0, 1, 2, … without duplicates or gaps. A gap means a draw was deleted (e.g. a re-roll of an
   * unwanted result); a duplicate means two draws used the same rule-chain position. Pass false only
   * when verifying a subset.
   */
  complete?: boolean;
}

export interface VerifyResult {
  ok: boolean;
  commitmentOk: boolean;
  /** Draws recomputed. 0 when the seed is malformed, since then nothing can be recomputed. */
  checked: number;
  mismatches: DrawMismatch[];
  /** Problems with the prize table itself; any makes `ok` false. */
  tableProblems: PrizeTableProblem[];
}

/**
 * Recomputes every draw from public data (revealed seed, commitment, prize table, draw records) and
 * lists every discrepancy instead of stopping at the first, so an audit report is complete.
 */
export function verifyDraws(input: VerifyInput): VerifyResult {
  const tableProblems = validatePrizeTable(input.prizes);
  let seedCommitment: string | null = null;
  try {
    seedCommitment = commitment(input.seedHex);
  } catch {
    seedCommitment = null;
  }
  const commitmentOk = seedCommitment !== null && seedCommitment === input.commitment.toLowerCase();
  if (seedCommitment === null || tableProblems.length > 0) {
    return { ok: false, commitmentOk, checked: 0, mismatches: [], tableProblems };
  }

  const consolationId = consolationPrizeId(input.prizes);
  const mismatches: DrawMismatch[] = [];
  const add = (drawId: string | number, reason: DrawMismatchReason, detail: string) =>
    mismatches.push({ drawId, reason, detail });
  const noncesSeen = new Set<string>();

  for (const draw of input.draws) {
    try {
      drawMessage(draw.userId, draw.drawNonce);
    } catch (error) {
      add(draw.id, 'invalid-record', error instanceof Error ? error.message : String(error));
      continue;
    }
    checkDraw(input.seedHex, input.prizes, consolationId, draw, noncesSeen, add);
  }

  if (input.complete ?? true) checkIndexSequences(input.draws, add);

  return {
    ok: commitmentOk && mismatches.length === 0,
    commitmentOk,
    checked: input.draws.length,
    mismatches,
    tableProblems,
  };
}

/** One draw recomputed: its index, nonce, roll, pick and award; each discrepancy goes to `add`. */
function checkDraw(
  seedHex: string,
  prizes: VerifyInput['prizes'],
  consolationId: string,
  draw: DrawRecord,
  noncesSeen: Set<string>,
  add: (drawId: string | number, reason: DrawMismatchReason, detail: string) => void,
): void {
  if (!isNonNegativeInteger(draw.drawIndex)) {
    add(draw.id, 'invalid-record', `draw index ${draw.drawIndex} is not an integer ≥ 0`);
    return;
  }
  // userId and nonce contain no ':' (checked above), so this key is unambiguous.
  const nonceKey = `${draw.userId}:${draw.drawNonce}`;
  if (noncesSeen.has(nonceKey)) {
    add(draw.id, 'nonce-reused', `user ${draw.userId} used nonce "${draw.drawNonce}" before: the same roll twice`);
  }
  noncesSeen.add(nonceKey);

  const effective = effectiveWeights(prizes, draw.drawIndex);
  const { roll, rollHex } = rollFor(seedHex, draw.userId, draw.drawNonce, effective.total);
  const picked = pickFromWeights(effective, roll);
  if (rollHex !== draw.rollHex.toLowerCase()) {
    add(draw.id, 'roll-mismatch', `recorded rollHex ${draw.rollHex}, recomputed ${rollHex}`);
  }
  if (picked !== draw.pickedPrizeId) {
    add(draw.id, 'picked-mismatch', `recorded pick "${draw.pickedPrizeId}", the roll selects "${picked}"`);
  }
  if (draw.fallbackReason === null) {
    if (draw.awardedPrizeId !== picked) {
      add(
        draw.id,
        'awarded-mismatch',
        `awarded "${draw.awardedPrizeId}" without a fallback reason; the roll selects "${picked}"`,
      );
    }
  } else if (draw.fallbackReason === 'unavailable' || draw.fallbackReason === 'risk-degrade') {
    // risk-degrade: the risk decision made before the draw (shown beside it) gave the consolation prize.
    if (picked === consolationId && draw.fallbackReason === 'unavailable') {
      add(
        draw.id,
        'fallback-from-consolation',
        'a fallback is recorded although the roll selected the consolation prize',
      );
    } else if (draw.awardedPrizeId !== consolationId) {
      add(
        draw.id,
        'fallback-not-consolation',
        `fallback awarded "${draw.awardedPrizeId}"; a fallback must award the consolation prize "${consolationId}"`,
      );
    }
  } else {
    add(draw.id, 'unknown-fallback-reason', `unknown fallback reason "${draw.fallbackReason}"`);
  }
}

/** Per user, draw indexes sorted must read 0, 1, 2, …; flags each duplicate and each gap. */
function checkIndexSequences(
  draws: readonly DrawRecord[],
  add: (drawId: string | number, reason: DrawMismatchReason, detail: string) => void,
): void {
  const byUser = new Map<string, DrawRecord[]>();
  for (const draw of draws) {
    if (!isNonNegativeInteger(draw.drawIndex)) continue; // already reported as invalid-record
    const key = String(draw.userId);
    const list = byUser.get(key);
    if (list) list.push(draw);
    else byUser.set(key, [draw]);
  }
  for (const [userId, list] of byUser) {
    list.sort((a, b) => a.drawIndex - b.drawIndex);
    let previous = -1;
    for (const draw of list) {
      if (draw.drawIndex === previous) {
        add(draw.id, 'draw-index-duplicate', `user ${userId} has more than one draw at index ${draw.drawIndex}`);
      } else if (draw.drawIndex !== previous + 1) {
        add(draw.id, 'draw-index-gap', `user ${userId} jumps from draw index ${previous} to ${draw.drawIndex}`);
      }
      previous = draw.drawIndex;
    }
  }
}
