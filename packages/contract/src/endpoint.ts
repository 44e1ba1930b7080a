import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from './cookies';
import type { ErrorName } from './errors';
import type { Access, HttpMethod, StaffRole, VersionRule } from './paths';

export * from './paths';

/**
 * What a download endpoint sends: CSV, or any file whose own type the handler sets (an export job's CSV or
 * XLSX: the handler sets content-type and content-disposition, the route keeps them).
 */
export type FileType = 'text/csv' | 'application/octet-stream';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  H extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  /** Path under BASE_PATH; `{version}` appears exactly when `version` is `versioned`. */
  readonly path: string;
  readonly version: VersionRule;
  /** The client shows a loading indicator while this call runs. */
  readonly loading: boolean;
  readonly access: Access;
  /** For `access: 'staff'` and `'console'`: the roles of which the caller must hold at least one (checked on the server). */
  readonly roles?: readonly StaffRole[];
  /**
   * A file download instead of the JSON envelope (the audit log's CSV): the handler returns the file's
   * text, sent with this content type and `filename` as an attachment. Errors still come in the envelope.
   */
  readonly produces?:
    | { readonly type: FileType; readonly filename: string }
    /** Server-sent events: the handler takes over the response (`reply.hijack()`) and writes the stream. */
    | { readonly type: 'text/event-stream' };
  /**
   * An upload: the request body is the file's raw bytes (one of `types`), streamed to the handler as
   * `req.body` (a Readable), never parsed as JSON and never held whole; at most `maxBytes`
   * (docs/decisions/0347-uploads.md). `body` is then `z.undefined()`.
   */
  readonly upload?: { readonly types: readonly string[]; readonly maxBytes: number };
  readonly summary: string;
  readonly tag: string;
  /** Query string (for GET this is the whole payload). */
  readonly query: Q;
  /** JSON body (never for GET). */
  readonly body: B;
  /** `data` of a successful envelope. */
  readonly data: D;
  /** Extra rate-limit class the server applies (login, draw). */
  readonly rateLimit?: 'login' | 'draw';
  /** The client sends an `Idempotency-Key` header (the `headers` schema below then requires it). */
  readonly idempotent?: boolean;
  /**
   * A GET that changes state (the spec's address delete): the server applies the cross-site check it
   * applies to every POST (client header or same origin) before the handler runs.
   */
  readonly stateChangingGet?: boolean;
  /**
   * Request headers both sides must honour, with lower-case names; the server checks them once for every
   * endpoint and the OpenAPI document lists them. Unknown headers pass through untouched.
   */
  readonly headers: H;
  /** The error a request whose headers fail `headers` gets (VALIDATION when not given). */
  readonly headersError?: ErrorName;
  /**
   * The business errors this endpoint's handler may answer with (beyond those its properties imply, see
   * `impliedErrors`). The OpenAPI document lists both; in tests the server refuses a handler's error that
   * is not declared here (apps/server platform/http.ts).
   */
  readonly errors: readonly ErrorName[];
}

/** 8–128 characters of letters, digits and `_ . : -`: a UUID fits, and nothing that needs escaping in logs. */
export const idempotencyKeySchema = z.string().regex(/^[\w.:-]{8,128}$/);
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });
/** No header is required. */
export const noHeaders = z.object({});

type EndpointDef<Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType> = Omit<
  Endpoint<Q, B, D>,
  'headers' | 'headersError'
>;
type HeadersOf<Def> = Def extends { readonly idempotent: true } ? typeof idempotencyHeaders : typeof noHeaders;

/**
 * Declares one endpoint; the access level stays a literal type so handlers know whether a user is
 * guaranteed. `idempotent: true` is the one place the idempotency header is declared: it derives the
 * `headers` schema (and its error), so the flag the client reads and the check the server makes cannot
 * disagree.
 */
export function endpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  const A extends Access,
  const I extends boolean | undefined = undefined,
>(
  def: EndpointDef<Q, B, D> & { readonly access: A; readonly idempotent?: I },
): Endpoint<Q, B, D, HeadersOf<{ idempotent: I }>> & { readonly access: A; readonly idempotent?: I } {
  const hasSlot = def.path.includes('{version}');
  if (hasSlot !== (def.version === 'versioned')) {
    throw new Error(`endpoint ${def.path}: {version} slot and version rule "${def.version}" disagree`);
  }
  if (def.version === 'v2' && !def.path.startsWith('/v2/')) {
    throw new Error(`endpoint ${def.path}: a fixed-v2 path must start with /v2/`);
  }
  if (def.stateChangingGet && def.method !== 'GET') {
    throw new Error(`endpoint ${def.path}: stateChangingGet is only for GET endpoints`);
  }
  const roled = def.access === 'staff' || def.access === 'console';
  if (roled !== (def.roles !== undefined && def.roles.length > 0)) {
    throw new Error(`endpoint ${def.path}: access '${def.access}' and roles: roles go with 'staff' or 'console' only`);
  }
  if (def.access === 'console' && !def.path.startsWith('/console/')) {
    throw new Error(`endpoint ${def.path}: console endpoints live under /console/`);
  }
  if (def.produces && def.method !== 'GET') {
    throw new Error(`endpoint ${def.path}: a download is a GET`);
  }
  if (def.upload && (def.method !== 'POST' || !(def.body instanceof z.ZodUndefined))) {
    throw new Error(`endpoint ${def.path}: an upload is a POST whose body is the file (body: z.undefined())`);
  }
  if (new Set(def.errors).size !== def.errors.length) {
    throw new Error(`endpoint ${def.path}: an error is declared twice`);
  }
  if (def.idempotent && def.method === 'GET') {
    throw new Error(`endpoint ${def.path}: a GET is safe to repeat and takes no idempotency key`);
  }
  const headers = (def.idempotent ? idempotencyHeaders : noHeaders) as HeadersOf<{ idempotent: I }>;
  return def.idempotent ? { ...def, headers, headersError: 'IDEMPOTENCY_KEY_REQUIRED' } : { ...def, headers };
}

export type QueryIn<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type QueryOut<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type BodyIn<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type BodyOut<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/**
 * The errors the platform answers for an endpoint before or around its handler, from the endpoint's own
 * properties: validation, tenancy, session and role, the cross-site check, the idempotency key, rate limits,
 * and the failures any request may meet (body too large, timeout, busy, internal).
 */
export function impliedErrors(ep: Endpoint): ErrorName[] {
  const out: ErrorName[] = ['VALIDATION', 'RATE_LIMITED', 'BUSY', 'PAYLOAD_TOO_LARGE', 'HEADERS_TOO_LARGE'];
  out.push('REQUEST_TIMEOUT', 'INTERNAL', 'UNAVAILABLE');
  if (ep.method !== 'GET') out.push('MALFORMED_JSON', 'UNSUPPORTED_MEDIA');
  if (ep.method !== 'GET' || ep.stateChangingGet) out.push('CSRF');
  if (ep.access !== 'public') out.push('CORP_REQUIRED', 'CORP_UNKNOWN');
  if (ep.access === 'user' || ep.access === 'staff' || ep.access === 'console') out.push('UNAUTHENTICATED');
  if (ep.access === 'staff') out.push('STAFF_ONLY', 'STAFF_ROLE_REQUIRED');
  // A console session of the corp with one of the roles; a state-changing call carries its CSRF token.
  if (ep.access === 'console') out.push('STAFF_ROLE_REQUIRED');
  if (ep.access === 'console' && ep.method !== 'GET') out.push('CONSOLE_CSRF');
  if (ep.headersError) out.push(ep.headersError);
  return out;
}

/** Everything an endpoint may answer with besides success: declared and implied, each once. */
export function endpointErrors(ep: Endpoint): ErrorName[] {
  return [...new Set([...ep.errors, ...impliedErrors(ep)])];
}
