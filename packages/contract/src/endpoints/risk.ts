import { z } from 'zod';
import { actIdSchema, empty } from '../common';
import { endpoint } from '../endpoint';

// The customer's side of risk controls (issue 35): consent to a device id for marketing risk (PIPL), and
// an appeal of a refused draw that reaches a person (PIPL art. 24; approvals kind `risk-appeal`).

/** Why a device id is kept, and for how long past the campaign (days). */
export const RISK_CONSENT_PURPOSE = 'marketing-risk';
export const RISK_CONSENT_KEEP_DAYS = 180;

export const riskEndpoints = {
  riskConsent: endpoint({
    method: 'POST',
    path: '/risk/consent',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'risk',
    summary: 'The customer grants or declines a device id for marketing risk checks (declined: still takes part)',
    query: empty,
    body: z.object({ granted: z.boolean() }),
    data: z.object({ granted: z.boolean(), decidedAt: z.number().int() }),
    errors: [],
  }),
  riskConsentState: endpoint({
    method: 'GET',
    path: '/risk/consent',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'risk',
    summary: "The customer's consent decision; null: not asked yet",
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ granted: z.boolean().nullable(), decidedAt: z.number().int().nullable() }),
    errors: [],
  }),
  riskAppeal: endpoint({
    method: 'POST',
    path: '/risk/appeal',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'risk',
    summary: "Appeal the customer's latest refused draw of a campaign: a person reviews it",
    query: empty,
    body: z.object({
      actId: actIdSchema,
      reason: z.string().trim().min(2, '请简要说明情况（至少 2 个字）').max(200, '说明最多 200 字'),
    }),
    data: z.object({ appealId: z.string(), status: z.enum(['pending']) }),
    errors: ['RISK_APPEAL_NOTHING', 'RISK_APPEAL_PENDING'],
  }),
} as const;
