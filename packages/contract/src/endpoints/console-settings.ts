import { z } from 'zod';
import { empty, staffRefSchema } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';

// A corp's console settings: how many approvers a campaign change needs (N of the corp's M approvers, more
// above a budget) and the kill switch that stops every campaign of the corp
// (docs/decisions/0332-kill-switch.md). Everyone in the console reads them; only an admin changes them.

/** At most this many approvals can be required (a corp rarely has more approvers at hand). */
export const MAX_REQUIRED_APPROVALS = 5;

export const approvalPolicySchema = z.object({
  /** Distinct approvers a change needs. */
  required: z.number().int().min(1).max(MAX_REQUIRED_APPROVALS),
  /** A campaign whose budget is above `budgetCents` needs `required` approvers instead; null: no such tier. */
  above: z
    .object({
      budgetCents: z.number().int().min(1).max(1e13),
      required: z.number().int().min(1).max(MAX_REQUIRED_APPROVALS),
    })
    .nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

const who = staffRefSchema;

export const corpSettingsSchema = z.object({
  corpId: z.string(),
  corpName: z.string(),
  approvalPolicy: approvalPolicySchema,
  /** M: the corp's active approvers (a policy may not require more). */
  approvers: z.number().int(),
  killSwitch: z.object({
    /** On: no draw, offer claim or task of the corp's campaigns is accepted (within about 2 s on every node). */
    halted: z.boolean(),
    reason: z.string().nullable(),
    at: z.number().int().nullable(),
    by: who.nullable(),
  }),
  /** The corp's single sign-on, from its campaign definition (never the secret); null: local accounts only. */
  sso: z.object({ issuer: z.string(), clientId: z.string() }).nullable(),
  updatedAt: z.number().int().nullable(),
  updatedBy: who.nullable(),
});
export type CorpSettings = z.infer<typeof corpSettingsSchema>;

export const settingsEndpoints = {
  consoleSettings: endpoint({
    method: 'GET',
    path: '/console/settings',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-settings',
    summary: "The corp's approval policy, kill switch and sign-on settings",
    query: empty.partial(),
    body: z.undefined(),
    data: corpSettingsSchema,
    errors: [],
  }),
  consoleSetApprovalPolicy: endpoint({
    method: 'POST',
    path: '/console/settings/approval-policy',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-settings',
    summary: 'Set how many distinct approvers a campaign change needs, and more above a budget (N of M)',
    query: empty.partial(),
    body: approvalPolicySchema,
    data: corpSettingsSchema,
    errors: ['CONSOLE_POLICY_INVALID'],
  }),
  consoleSetKillSwitch: endpoint({
    method: 'POST',
    path: '/console/settings/kill-switch',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-settings',
    summary:
      "Stop every campaign of the corp at once (draws, offer claims, tasks; within about 2 s on every node), or let them run again. A reason is required to stop; the corp's id confirms it",
    query: empty.partial(),
    body: z.object({
      halted: z.boolean(),
      reason: z.string().trim().max(200).optional(),
      /** The corp's id typed again: a switch this large is not flipped by a stray click. */
      confirmCorpId: z.string().max(32),
    }),
    data: corpSettingsSchema,
    errors: ['CONSOLE_KILL_SWITCH_CONFIRM'],
  }),
} as const;
