import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from './cookies';
import type { ErrorName } from './errors';

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
/** Who may call: anyone with a corp, or only a logged-in user of that corp. */
export type Access = 'public' | 'tenant' | 'user';

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
   * Request headers both sides must honour, with lower-case names; the server checks them once for every
   * endpoint and the OpenAPI document lists them. Unknown headers pass through untouched.
   */
  readonly headers: H;
  /** The error a request whose headers fail `headers` gets (VALIDATION when not given). */
  readonly headersError?: ErrorName;
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
  if (def.idempotent && def.method === 'GET') {
    throw new Error(`endpoint ${def.path}: a GET is safe to repeat and takes no idempotency key`);
  }
  const headers = (def.idempotent ? idempotencyHeaders : noHeaders) as HeadersOf<{ idempotent: I }>;
  return def.idempotent ? { ...def, headers, headersError: 'IDEMPOTENCY_KEY_REQUIRED' } : { ...def, headers };
}

/** The concrete versions a `versioned` path is served under. */
export const API_VERSIONS = ['v2', 'v3'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** spec §7/§9: v3 when the isElife cookie is `true`, else v2. */
export function versionFromIsElife(isElifeCookie: string | undefined | null): ApiVersion {
  return isElifeCookie === 'true' ? 'v3' : 'v2';
}

/** Concrete path under BASE_PATH for one version. */
export function resolvePath(ep: Pick<Endpoint, 'path'>, version: ApiVersion): string {
  return ep.path.replace('{version}', version);
}

export type QueryIn<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type QueryOut<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type BodyIn<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type BodyOut<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
