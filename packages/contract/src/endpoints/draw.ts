import { z } from 'zod';
import { actIdSchema, empty } from '../common';
import { endpoint } from '../endpoint';
import type { ErrorName } from '../errors';
import { actQuery, PRIZE_KINDS } from './activity';
import { AWARD_STATUSES } from './prizes';

export const surplusInfoSchema = z.object({
  chancesLeft: z.number().int(),
  chancesLeftToday: z.number().int().nullable(),
  drawsMade: z.number().int(),
  prizes: z.array(
    z.object({
      prizeId: z.string(),
      /** Left now: for a prize released on a schedule (ADR 0063), what has been released and not drawn. */
      left: z.number().int().nullable(),
      /** A paced prize's next release (epoch ms), null when none comes before the campaign ends. */
      nextReleaseAt: z.number().int().nullable().optional(),
    }),
  ),
});

export const drawResultSchema = z.object({
  drawId: z.string(),
  actId: z.string(),
  drawIndex: z.number().int(),
  prize: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PRIZE_KINDS),
    image: z.string(),
    valueCents: z.number().int(),
  }),
  /** Position of the prize in the activity's prize list: where the wheel stops. */
  prizeIndex: z.number().int(),
  award: z
    .object({
      awardId: z.string(),
      status: z.enum(AWARD_STATUSES),
      couponCode: z.string().nullable(),
      points: z.number().int().nullable(),
      orderId: z.string().nullable(),
    })
    .nullable(),
  fallback: z.boolean(),
  chancesLeft: z.number().int(),
  rollHex: z.string(),
  createdAt: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

const drawBody = z.object({ actId: actIdSchema, deviceId: z.string().max(64).optional() });

/** The draw: chances, the transaction itself, and fairness verification after the end. */
/** What a draw may be refused with: the activity not open to this customer, no chances, risk, busy, a reused key. */
const DRAW_ERRORS = [
  'ACTIVITY_NOT_FOUND',
  'ACTIVITY_NOT_STARTED',
  'ACTIVITY_ENDED',
  'ACTIVITY_PAUSED',
  'NOT_ELIGIBLE',
  'NO_CHANCES',
  'RISK_REFUSED',
  'RISK_STEP_UP',
  'RISK_UNAVAILABLE',
  'DRAW_BUSY',
  'CONFLICT_IN_FLIGHT',
  'IDEMPOTENCY_MISMATCH',
  'CODE_POOL_EMPTY',
] as const satisfies readonly ErrorName[];

export const drawEndpoints = {
  activitySurplus: endpoint({
    method: 'GET',
    path: '/v2/activity/surplus',
    version: 'v2',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    errors: ['ACTIVITY_NOT_FOUND'],
    summary: 'Chances left for the current user and stock left per prize (surplusInfo null when logged out)',
    query: actQuery,
    body: z.undefined(),
    data: z.object({ actId: z.string(), surplusInfo: surplusInfoSchema.nullable() }),
  }),
  lottery: endpoint({
    method: 'POST',
    path: '/{version}/lottery',
    version: 'versioned',
    loading: false,
    access: 'user',
    tag: 'draw',
    errors: [...DRAW_ERRORS],
    rateLimit: 'draw',
    idempotent: true,
    summary: 'Draw once. Send an Idempotency-Key header: a retry with the same key returns the first result',
    query: empty,
    body: drawBody,
    data: drawResultSchema,
  }),
  roccLottery: endpoint({
    method: 'POST',
    path: '/rocc/lottery',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'draw',
    errors: [...DRAW_ERRORS, 'FORBIDDEN'],
    rateLimit: 'draw',
    idempotent: true,
    summary: 'Draw through the risk-checked (rocc) path; nuid (the encid value) and grayflag in the query',
    query: z.object({ nuid: z.string().max(512).optional(), grayflag: z.enum(['0', '1']).optional() }),
    body: drawBody,
    data: drawResultSchema,
  }),
  verifyActivity: endpoint({
    method: 'GET',
    path: '/activity/verify',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'fairness',
    errors: ['ACTIVITY_NOT_FOUND', 'SEED_NOT_REVEALED'],
    summary: 'After the end: recompute every draw from the revealed seed and the published table',
    query: actQuery,
    body: z.undefined(),
    data: z.object({
      actId: z.string(),
      ok: z.boolean(),
      commitmentOk: z.boolean(),
      checked: z.number().int(),
      mismatches: z.array(z.object({ drawId: z.string(), reason: z.string() })),
      seed: z.string(),
      commitment: z.string(),
    }),
  }),
} as const;
