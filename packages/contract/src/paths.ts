/**
 * The zod-free rules of where a call goes (spec §7, §9): shared by the full contract (endpoint.ts) and
 * the browser's entry (client.ts), which must not load zod.
 */

/** Every call lives under this prefix (spec §7). */
export const BASE_PATH = '/bmcs/api';

/**
 * How `{version}` in a path is filled (spec §7, §9):
 * - `none`: the path has no version segment;
 * - `v2`: the path is fixed at v2;
 * - `versioned`: `{version}` is v3 when the `isElife` cookie is `true`, else v2.
 */
export type VersionRule = 'none' | 'v2' | 'versioned';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may call: anyone with a corp, only a logged-in customer of that corp, only a logged-in staff
 * member of that corp holding one of the endpoint's `roles` (docs/decisions/0320-staff-roles.md), or only
 * a console session of that corp holding one of the endpoint's `roles` (docs/decisions/0330-console-identity.md),
 * or `server`: the corp's own back end (the bank's payment side), server to server, the request signed with the
 * corp's app secret (`X-Campaign-Signature`, checked by the handler): no browser is involved, so the browser
 * checks (the client header or a same-origin Origin) do not apply to a request that carries the signature.
 */
export type Access = 'public' | 'tenant' | 'user' | 'staff' | 'console' | 'server';

/**
 * Staff roles (the customer is not a staff role: a customer's session never acts as staff). operator =
 * maker, approver = checker, auditor reads everything and changes nothing, admin runs staff and settings.
 */
export const STAFF_ROLES = ['clerk', 'approver', 'operator', 'auditor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The roles that open the operator console (a clerk works at the counter, on the H5). */
export const CONSOLE_ROLES = ['operator', 'approver', 'auditor', 'admin'] as const satisfies readonly StaffRole[];
/** The console roles among `roles`, in CONSOLE_ROLES order (two lists compare equal when they hold the same). */
export const consoleRolesOf = (roles: readonly string[]): StaffRole[] => CONSOLE_ROLES.filter((r) => roles.includes(r));
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
/** Who reads the audit log: the 审计日志 screen, and its export (report-kinds.ts `EXPORT_KIND_ROLES`). */
export const AUDIT_READERS = ['auditor', 'admin'] as const satisfies readonly ConsoleRole[];

/** The concrete versions a `versioned` path is served under. */
export const API_VERSIONS = ['v2', 'v3'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** spec §7/§9: v3 when the isElife cookie is `true`, else v2. */
export function versionFromIsElife(isElifeCookie: string | undefined | null): ApiVersion {
  return isElifeCookie === 'true' ? 'v3' : 'v2';
}

/** Concrete path under BASE_PATH for one version. */
export function resolvePath(ep: { readonly path: string }, version: ApiVersion): string {
  return ep.path.replace('{version}', version);
}
