import {
  BASE_PATH,
  BUSY_CODE,
  CLIENT_HEADER,
  COOKIES,
  type EndpointName,
  exchange,
  IDEMPOTENCY_HEADER,
  isSuccessCode,
  type RouteBody,
  type RouteData,
  type RouteMeta,
  type RouteQuery,
  readEnvelope,
  resolvePath,
  type Transport,
  versionFromIsElife,
} from '@campaign/contract/client';
import { t } from '../shared/i18n/messages';
import { readCookie } from '../shared/lib/cookies';
import { loadingEnd, loadingStart, showToast } from '../shared/ui/feedback';
import { BusinessError, CallFailure, HttpStatusError, isRequestError } from './errors';
import { passesThrough, statusMessage } from './status-messages';

/** spec §8: the route on which failures never toast (the chat-platform coupon page has its own UI). */
export const NO_TOAST_ROUTES: readonly string[] = ['/wechatCoupon'];
/** The envelope code meaning "not logged in / session expired". */
export const EXPIRED_CODE = 401;
/** Value of the CSRF header (see contract CLIENT_HEADER). */
export const CLIENT_NAME = 'h5';

type QueryPart<N extends EndpointName> =
  Record<string, never> extends RouteQuery<N> ? { query?: RouteQuery<N> } : { query: RouteQuery<N> };
type BodyPart<N extends EndpointName> =
  undefined extends RouteBody<N> ? { body?: RouteBody<N> } : { body: RouteBody<N> };

export interface CallOptions {
  /** Overrides the corpId taken from the payload or the `corpId` cookie. */
  corpId?: string;
  signal?: AbortSignal;
  /** No toast on failure: start-up calls whose failures are only logged, or a caller showing its own error. */
  quiet?: boolean;
  /** For endpoints flagged `idempotent`; generated when missing. */
  idempotencyKey?: string;
}

/** Arguments of `call(route, args)`, typed from the endpoint's zod schemas (z.input, types only). */
export type CallArgs<N extends EndpointName> = QueryPart<N> & BodyPart<N> & CallOptions;

export interface RequestDeps {
  fetch: typeof fetch;
  /** Base URL the relative API path is resolved against (the page's origin in the browser). */
  origin: () => string;
  cookie: (name: string) => string | undefined;
  pathname: () => string;
  toast: (text: string) => void;
  loadingStart: (text: string) => void;
  loadingEnd: () => void;
  newIdempotencyKey: () => string;
}

export const browserDeps: RequestDeps = {
  fetch: (...args) => fetch(...args),
  origin: () => location.origin,
  cookie: (name) => readCookie(name),
  pathname: () => location.pathname,
  toast: showToast,
  loadingStart,
  loadingEnd,
  newIdempotencyKey: () => crypto.randomUUID(),
};

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** spec §6/§7: corpId from the payload, else the cookie. */
export function resolveCorpId(
  args: { corpId?: string; query?: unknown; body?: unknown },
  cookie: RequestDeps['cookie'],
): string | undefined {
  return args.corpId ?? stringField(args.query, 'corpId') ?? stringField(args.body, 'corpId') ?? cookie(COOKIES.corpId);
}

/** Full URL of a call: base path, `{version}` from the isElife cookie, payload query, corpId last. */
export function buildUrl(
  ep: RouteMeta,
  args: { corpId?: string; query?: unknown; body?: unknown },
  deps: Pick<RequestDeps, 'cookie' | 'origin'>,
): URL {
  const version = versionFromIsElife(deps.cookie(COOKIES.isElife));
  const url = new URL(`${BASE_PATH}${resolvePath(ep, version)}`, deps.origin());
  if (typeof args.query === 'object' && args.query !== null) {
    for (const [key, value] of Object.entries(args.query)) {
      if (value === undefined || value === null || key === 'corpId') continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
      else url.searchParams.set(key, String(value));
    }
  }
  const corpId = resolveCorpId(args, deps.cookie);
  if (corpId) url.searchParams.set('corpId', corpId);
  return url;
}

/** spec §5: the envelope reader is the shared core's (@campaign/contract/client http.ts). */
export { readEnvelope };

/**
 * The answer's data, typed by the contract. Not re-validated here: the browser does not load the
 * schemas (docs/decisions/0110-zod-free-client.md); the server checks its own answers against them
 * outside production, and every journey runs against it. A missing `data` is still a page error.
 */
function dataOf<N extends EndpointName>(data: unknown): RouteData<N> {
  if (data === undefined) throw new Error(t('request.badResponse'));
  return data as RouteData<N>;
}

/** How the H5 reaches the server: its URL rules, its CSRF client name and idempotency key, cookies sent. */
function h5Transport(args: CallOptions, deps: RequestDeps): Transport {
  return {
    fetch: deps.fetch,
    url: (route, payload) => buildUrl(route, { ...args, ...payload }, deps).toString(),
    headers: (route) => {
      const headers: Record<string, string> = { accept: 'application/json', [CLIENT_HEADER]: CLIENT_NAME };
      if (route.idempotent) headers[IDEMPOTENCY_HEADER] = args.idempotencyKey ?? deps.newIdempotencyKey();
      return headers;
    },
    credentials: 'include',
  };
}

/** The raw exchange: throws HttpStatusError, BusinessError or a plain Error (a page error). */
export async function send<N extends EndpointName>(
  ep: RouteMeta<N>,
  args: CallOptions & { query?: unknown; body?: unknown },
  deps: RequestDeps,
): Promise<RouteData<N>> {
  // spec §7: GET payloads become the query string; other methods send a JSON body (the core's requestInit).
  const { response, envelope } = await exchange(ep, args, h5Transport(args, deps));

  if (response.status === TOO_MANY) throw tooMany(envelope);
  if (!passesThrough(response.status)) {
    throw new HttpStatusError(response.status, statusMessage(response.status));
  }
  if (!envelope) {
    if (response.status === 204) return dataOf<N>(null);
    if (response.status === EXPIRED_CODE) throw new BusinessError(EXPIRED_CODE, t('request.expired'), 401);
    if (response.status === 400) throw new HttpStatusError(400, statusMessage(400));
    throw new Error(t('request.badResponse'));
  }
  const { code, data, fields } = envelope;
  // spec §5: code 0 = success; any other non-empty code is a business error carrying data as message.
  if (isSuccessCode(code) || code === '') return dataOf<N>(data);
  const numeric = typeof code === 'number' ? code : Number(code);
  const message = typeof data === 'string' && data !== '' ? data : statusMessage(response.status);
  throw new BusinessError(Number.isFinite(numeric) ? numeric : -1, message, response.status, fields);
}

const TOO_MANY = 429;

/**
 * A 429 (ADR 0054): the server past capacity (BUSY, or a proxy's 429 without the envelope) tells the customer
 * the campaign is busy; the caller's own limit (RATE_LIMITED "操作过于频繁", a code sent too soon) keeps the
 * server's message.
 */
function tooMany(envelope: ReturnType<typeof readEnvelope>): BusinessError {
  const code = envelope ? Number(envelope.code) : BUSY_CODE;
  const own = code !== BUSY_CODE && Number.isFinite(code) && typeof envelope?.data === 'string' && envelope.data;
  return own ? new BusinessError(code, own, TOO_MANY) : new BusinessError(BUSY_CODE, t('request.busy'), TOO_MANY);
}

/** A refusal of a server past capacity: worth trying again shortly (its Retry-After is a second). */
export function isBusy(error: unknown): boolean {
  const cause = error instanceof CallFailure ? error.cause : error;
  return cause instanceof BusinessError && cause.code === BUSY_CODE;
}

/** spec §8: the toast text of a failure. */
export function failureMessage(error: unknown): string {
  if ((error instanceof BusinessError || error instanceof HttpStatusError) && codeOf(error) === EXPIRED_CODE) {
    return t('request.expired');
  }
  if (isRequestError(error)) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const shown = error instanceof TypeError ? t('request.network') : message;
  return `${t('request.pageErrorPrefix')}${shown}`;
}

function codeOf(error: BusinessError | HttpStatusError): number {
  return error instanceof BusinessError ? error.code : error.status;
}

/**
 * spec §8 `toastOnFailure`: shows the failure toast (never on /wechatCoupon) and returns the error
 * every failed call rejects with ("请求错误，请稍后再试！").
 */
export function toastOnFailure(
  error: unknown,
  deps: Pick<RequestDeps, 'pathname' | 'toast'>,
  quiet = false,
): CallFailure {
  if (error instanceof CallFailure) return error;
  const detail = failureMessage(error);
  if (!quiet && !NO_TOAST_ROUTES.includes(deps.pathname())) deps.toast(detail);
  return new CallFailure(error, detail);
}

type RequiredKeys<A> = { [K in keyof A]-?: undefined extends A[K] ? never : K }[keyof A];
type ArgsTuple<A> = [RequiredKeys<A>] extends [never] ? [args?: A] : [args: A];

/** `call(routes.x, { query, body })`: typed from the table, args optional when nothing is required. */
export type Call = <N extends EndpointName>(ep: RouteMeta<N>, ...args: ArgsTuple<CallArgs<N>>) => Promise<RouteData<N>>;
/** The same function for generic code (query helpers) that cannot see which keys are required. */
export type CallLoose = <N extends EndpointName>(
  ep: RouteMeta<N>,
  args?: CallArgs<N> | CallOptions,
) => Promise<RouteData<N>>;

/** Builds the request function over the contract table; `call` below is the browser instance. */
export function createCallLoose(deps: RequestDeps): CallLoose {
  return async <N extends EndpointName>(
    ep: RouteMeta<N>,
    args: CallArgs<N> | CallOptions = {},
  ): Promise<RouteData<N>> => {
    if (ep.loading) deps.loadingStart(t('request.loading'));
    try {
      const data = await send(ep, args, deps);
      if (ep.loading) deps.loadingEnd();
      return data;
    } catch (error) {
      // spec §8: close the loading indicator first, then toast, then reject.
      if (ep.loading) deps.loadingEnd();
      if (args.signal?.aborted) throw error;
      throw toastOnFailure(error, deps, args.quiet);
    }
  };
}

export function createCall(deps: RequestDeps): Call {
  const loose = createCallLoose(deps);
  return (ep, ...args) => loose(ep, args[0]);
}

export const callLoose: CallLoose = createCallLoose(browserDeps);
export const call: Call = (ep, ...args) => callLoose(ep, args[0]);
