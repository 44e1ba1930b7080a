import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';

// 我的账户 (issue 34 §2): the signed-in staff member's own account — their password, their second factor and
// their recent sign-ins (docs/decisions/0378-my-account.md). Only ever the caller's own account: no endpoint
// here takes a staff id. A change needs the current password even with a live session; wrong answers are
// counted with the sign-in's attempts (per login and address) and refused field by field.

/** What 我的账户 shows about the account: a local one (password + TOTP), or single sign-on only. */
export const consoleAccountSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  /** The local account's login; null: this member signs in only through the bank's single sign-on. */
  login: z.string().nullable(),
  passwordChangedAt: z.number().int().nullable(),
  /** How this session was opened. */
  method: z.enum(['password', 'sso']),
});
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

/** One sign-in attempt on the record (the audit log's), newest first. */
export const consoleSignInRecordSchema = z.object({
  at: z.number().int(),
  ip: z.string().nullable(),
  ok: z.boolean(),
  method: z.enum(['password', 'sso']),
  /** Why a failure failed: password, totp, throttled, disabled, no-role, sso-…; null for a success. */
  reason: z.string().nullable(),
});
export type ConsoleSignInRecord = z.infer<typeof consoleSignInRecordSchema>;

const currentPassword = z.string().min(1).max(200);
const sessionsEnded = z.object({ otherSessionsEnded: z.number().int() });

export const consoleAccountEndpoints = {
  consoleAccount: endpoint({
    method: 'GET',
    path: '/console/account',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-account',
    summary: 'My account: login (null when I sign in by single sign-on only), when my password last changed',
    query: empty.partial(),
    body: z.undefined(),
    data: consoleAccountSchema,
    errors: [],
  }),
  consoleAccountPassword: endpoint({
    method: 'POST',
    path: '/console/account/password',
    version: 'none',
    loading: true,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-account',
    summary:
      'Change my password: the current one and a new one (at least 10 characters with letters and digits). This session stays; my other sessions end. Wrong answers count with the sign-in attempts of my login at this address',
    query: empty.partial(),
    body: z.object({ currentPassword, newPassword: z.string().min(10).max(200) }),
    data: sessionsEnded,
    errors: ['CONSOLE_NO_LOCAL_ACCOUNT', 'CONSOLE_WRONG_PASSWORD', 'CONSOLE_ACCOUNT_THROTTLED'],
  }),
  consoleAccountTotpStart: endpoint({
    method: 'POST',
    path: '/console/account/totp/start',
    version: 'none',
    loading: true,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-account',
    summary:
      'A new second factor to scan (not in force yet): its QR code, otpauth URI and a sealed `pending` to confirm within 10 minutes',
    query: empty.partial(),
    body: empty.partial().optional(),
    data: z.object({ otpauthUri: z.string(), qrSvg: z.string(), pending: z.string() }),
    errors: ['CONSOLE_NO_LOCAL_ACCOUNT'],
  }),
  consoleAccountTotpConfirm: endpoint({
    method: 'POST',
    path: '/console/account/totp/confirm',
    version: 'none',
    loading: true,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-account',
    summary:
      'Put the new second factor in force: my current password and a code from the new one. The old one stops at once; this session stays, my other sessions end',
    query: empty.partial(),
    body: z.object({
      pending: z.string().min(1).max(2000),
      currentPassword,
      code: z.string().regex(/^\d{6}$/, { message: 'i18n:otpCode' }),
    }),
    data: sessionsEnded,
    errors: [
      'CONSOLE_NO_LOCAL_ACCOUNT',
      'CONSOLE_WRONG_PASSWORD',
      'CONSOLE_WRONG_CODE',
      'CONSOLE_FACTOR_EXPIRED',
      'CONSOLE_ACCOUNT_THROTTLED',
    ],
  }),
  consoleAccountSignIns: endpoint({
    method: 'GET',
    path: '/console/account/sign-ins',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-account',
    summary: 'My recent sign-ins and failed attempts at my account, newest first, a page at a time',
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
    }),
    body: z.undefined(),
    data: z.object({ total: z.number().int(), items: z.array(consoleSignInRecordSchema) }),
    errors: [],
  }),
} as const;
