import { z } from 'zod';
import { empty, noData } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES, STAFF_ROLES } from '../paths';
import { consoleAccountEndpoints } from './console-account';

// The operator console's identity: sign-in (password + TOTP, or the corp's OIDC provider), the session
// with its CSRF token, sign-out, and the staff and roles an admin manages
// (docs/decisions/0330-console-identity.md). Every console endpoint lives under /console/ with
// `access: 'console'` (a console session of the request's corp holding one of `roles`), except the
// sign-in steps, which have no session yet.

/** A login name: letters, digits and `. _ @ -`, 3–64 characters (an e-mail address fits). */
export const consoleLoginSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._@-]{3,64}$/, { message: 'i18n:consoleLogin' });
/** A staff id as the campaign file spells it. */
export const staffIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'i18n:staffId' });
const rolesSchema = z.array(z.enum(STAFF_ROLES)).min(1, { message: 'i18n:rolesRequired' }).max(STAFF_ROLES.length);

/** The signed-in console user, as GET /console/me answers (and each sign-in). */
export const consoleMeSchema = z.object({
  corpId: z.string(),
  corpName: z.string(),
  staffId: z.string(),
  name: z.string(),
  /** The roles this session holds (the staff list's roles, narrowed by the identity provider's claim). */
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Send as `x-csrf-token` on every non-GET console call of this session. */
  csrfToken: z.string(),
  method: z.enum(['password', 'sso']),
  /** The session ends after this long without a call, and at `expiresAt` whatever happens. */
  idleTimeoutMs: z.number().int(),
  expiresAt: z.number().int(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

/** One staff member as the admin's list shows them. */
export const consoleStaffSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Off: every session of theirs ended, sign-in refused. */
  active: z.boolean(),
  /** The local account's login, or null (no local account: single sign-on or the host app only). */
  login: z.string().nullable(),
  totpEnrolled: z.boolean(),
  /** Locked by repeated failures until then (epoch ms), or null. */
  lockedUntil: z.number().int().nullable(),
  lastSignInAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
});
export type ConsoleStaff = z.infer<typeof consoleStaffSchema>;

/** A new second factor, shown once: the otpauth URI and its QR code (SVG). */
export const totpEnrolmentSchema = z.object({ otpauthUri: z.string(), qrSvg: z.string() });

export const consoleEndpoints = {
  consoleSignInOptions: endpoint({
    method: 'GET',
    path: '/console/auth/options',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'console-auth',
    summary: 'How this corp signs in to the console: its name, local accounts, and whether it has single sign-on',
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ corpName: z.string(), sso: z.boolean() }),
    errors: [],
  }),
  consoleSignIn: endpoint({
    method: 'POST',
    path: '/console/auth/sign-in',
    version: 'none',
    loading: true,
    access: 'tenant',
    tag: 'console-auth',
    rateLimit: 'login',
    summary:
      'Sign in with a local account: login, password and the current TOTP code (RFC 6238). Five attempts per login and address, and twenty per address, in 15 minutes; then 6002 until the window ends, whether the login exists or not',
    query: empty.partial(),
    body: z.object({
      login: consoleLoginSchema,
      password: z.string().min(1).max(200),
      totp: z.string().regex(/^\d{6}$/, { message: 'i18n:otpCode' }),
    }),
    data: consoleMeSchema,
    errors: ['CONSOLE_SIGN_IN_FAILED', 'CONSOLE_LOCKED', 'CONSOLE_NO_ROLE'],
  }),
  consoleSsoStart: endpoint({
    method: 'POST',
    path: '/console/auth/sso/start',
    version: 'none',
    loading: true,
    access: 'tenant',
    tag: 'console-auth',
    rateLimit: 'login',
    summary:
      "Start single sign-on with the corp's OpenID Connect provider: the URL to send the browser to (code flow with PKCE, state and nonce)",
    query: empty.partial(),
    body: empty.partial().optional(),
    data: z.object({ url: z.string() }),
    errors: ['CONSOLE_SSO_NOT_CONFIGURED', 'CONSOLE_SSO_UNAVAILABLE'],
  }),
  consoleSsoCallback: endpoint({
    method: 'POST',
    path: '/console/auth/sso/callback',
    version: 'none',
    loading: true,
    access: 'tenant',
    tag: 'console-auth',
    rateLimit: 'login',
    summary:
      'Finish single sign-on: the query string the provider redirected back with (code, state, iss); opens a console session',
    query: empty.partial(),
    body: z.object({ callbackQuery: z.string().min(1).max(4096) }),
    data: consoleMeSchema,
    errors: [
      'CONSOLE_SSO_NOT_CONFIGURED',
      'CONSOLE_SSO_UNAVAILABLE',
      'CONSOLE_SSO_FAILED',
      'CONSOLE_SSO_UNKNOWN_STAFF',
      'CONSOLE_NO_ROLE',
    ],
  }),
  consoleMe: endpoint({
    method: 'GET',
    path: '/console/me',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-auth',
    summary: 'The signed-in console user: roles, the CSRF token for this session, its timeouts',
    query: empty.partial(),
    body: z.undefined(),
    data: consoleMeSchema,
    errors: [],
  }),
  consoleSignOut: endpoint({
    method: 'POST',
    path: '/console/auth/sign-out',
    version: 'none',
    loading: false,
    access: 'console',
    roles: CONSOLE_ROLES,
    tag: 'console-auth',
    summary: 'End this console session',
    query: empty.partial(),
    body: empty.partial().optional(),
    data: noData,
    errors: [],
  }),

  consoleStaffList: endpoint({
    method: 'GET',
    path: '/console/staff',
    version: 'none',
    loading: false,
    access: 'console',
    roles: ['admin'],
    tag: 'console-staff',
    summary: "The corp's staff with their roles and console accounts, a page at a time (search by id, name or login)",
    query: z.object({
      q: z.string().trim().max(64).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    body: z.undefined(),
    data: z.object({ total: z.number().int(), items: z.array(consoleStaffSchema) }),
    errors: [],
  }),
  consoleStaffAdd: endpoint({
    method: 'POST',
    path: '/console/staff/add',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-staff',
    summary: 'Add a staff member with a local console account: the first password and the second factor are shown once',
    query: empty.partial(),
    body: z.object({
      staffId: staffIdSchema,
      name: z.string().trim().min(1).max(40),
      roles: rolesSchema,
      login: consoleLoginSchema,
    }),
    data: z.object({ staff: consoleStaffSchema, password: z.string(), totp: totpEnrolmentSchema }),
    errors: ['CONSOLE_STAFF_EXISTS', 'CONSOLE_LOGIN_TAKEN'],
  }),
  consoleStaffRoles: endpoint({
    method: 'POST',
    path: '/console/staff/roles',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-staff',
    summary: "Change a staff member's roles (their sessions lose a removed role at the next call)",
    query: empty.partial(),
    body: z.object({ staffId: staffIdSchema, roles: rolesSchema }),
    data: consoleStaffSchema,
    errors: ['CONSOLE_STAFF_NOT_FOUND', 'CONSOLE_LAST_ADMIN'],
  }),
  consoleStaffActive: endpoint({
    method: 'POST',
    path: '/console/staff/active',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-staff',
    summary: 'Disable a staff member (every session ends at once, sign-in refused) or enable them again',
    query: empty.partial(),
    body: z.object({ staffId: staffIdSchema, active: z.boolean() }),
    data: consoleStaffSchema,
    errors: ['CONSOLE_STAFF_NOT_FOUND', 'CONSOLE_LAST_ADMIN'],
  }),
  consoleStaffResetTotp: endpoint({
    method: 'POST',
    path: '/console/staff/reset-totp',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['admin'],
    tag: 'console-staff',
    summary: 'Give a staff member a new second factor (the old one stops working) and lift a lockout',
    query: empty.partial(),
    body: z.object({ staffId: staffIdSchema }),
    data: z.object({ staff: consoleStaffSchema, totp: totpEnrolmentSchema }),
    errors: ['CONSOLE_STAFF_NOT_FOUND', 'CONSOLE_NO_LOCAL_ACCOUNT'],
  }),
  ...consoleAccountEndpoints,
} as const;
