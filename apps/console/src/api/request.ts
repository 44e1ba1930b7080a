import {
  BASE_PATH,
  CLIENT_HEADER,
  CONSOLE_CSRF_HEADER,
  type EndpointName,
  isSuccessCode,
  type RouteBody,
  type RouteData,
  type RouteMeta,
  type RouteQuery,
  routes,
} from '@campaign/contract/client';
import { locale } from '../shared/i18n';
import { currentCorpId } from './corp';

// The console's request layer over the contract table (docs/console.md): every call goes to the path the
// table names, with the corp, the user's language and — on a state-changing call — the session's CSRF
// token; the envelope is unwrapped; a 401 sends the user to the sign-in screen. No zod in the browser:
// the route metadata comes from the generated zod-free table (@campaign/contract/client).

/** A failed call: the envelope's code and message (in the user's language), and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** The envelope's field errors (`body.activity.title` → message), when the server refused input. */
    readonly fields: Record<string, string> = {},
    /** The whole envelope (a 409 carries both versions in it). */
    readonly envelope: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryPart<N extends EndpointName> =
  Record<string, never> extends RouteQuery<N> ? { query?: RouteQuery<N> } : { query: RouteQuery<N> };
type BodyPart<N extends EndpointName> =
  undefined extends RouteBody<N> ? { body?: RouteBody<N> } : { body: RouteBody<N> };
export type CallArgs<N extends EndpointName> = QueryPart<N> & BodyPart<N> & { signal?: AbortSignal };

let csrfToken: string | null = null;
/** The session's CSRF token (GET /console/me and each sign-in answer it). */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

let onUnauthenticated: () => void = () => {};
/** What a 401 does (the router sends the user to sign-in, keeping where they were). */
export function setUnauthenticatedHandler(fn: () => void) {
  onUnauthenticated = fn;
}

export function endpointUrl(route: RouteMeta, query: object | undefined): string {
  const params = new URLSearchParams();
  const corp = currentCorpId();
  if (corp) params.set('corpId', corp);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `${BASE_PATH}${route.path}${qs ? `?${qs}` : ''}`;
}

async function send(route: RouteMeta, args: { query?: object; body?: unknown; signal?: AbortSignal }) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    [CLIENT_HEADER]: 'console',
  };
  if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers[CONSOLE_CSRF_HEADER] = csrfToken;
  }
  let res: Response;
  try {
    res = await fetch(endpointUrl(route, args.query), {
      method: route.method,
      headers,
      credentials: 'same-origin',
      ...(route.method !== 'GET' ? { body: JSON.stringify(args.body ?? {}) } : {}),
      ...(args.signal ? { signal: args.signal } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, locale === 'zh-CN' ? '网络连接失败，请检查网络后重试' : 'The network failed: try again', 0);
  }
  return res;
}

async function failure(res: Response): Promise<ApiError> {
  let code = res.status;
  let message =
    locale === 'zh-CN' ? `服务暂时不可用（${res.status}），请稍后重试` : `Service unavailable (${res.status})`;
  let env: Record<string, unknown> = {};
  try {
    env = (await res.json()) as Record<string, unknown>;
    if (typeof env.code === 'number') code = env.code;
    if (typeof env.data === 'string' && env.data) message = env.data;
  } catch {
    // Not an envelope (a proxy's error page): the status says enough.
  }
  const fields = env.fields && typeof env.fields === 'object' ? (env.fields as Record<string, string>) : {};
  return new ApiError(code, message, res.status, fields, env);
}

/** One call by endpoint name: the envelope's data, or an ApiError. */
export async function call<N extends EndpointName>(
  name: N,
  args: CallArgs<N> = {} as CallArgs<N>,
): Promise<RouteData<N>> {
  const route = routes[name] as RouteMeta;
  const res = await send(route, args as { query?: object; body?: unknown; signal?: AbortSignal });
  if (res.status === 401 && route.access === 'console') {
    onUnauthenticated();
  }
  const env = res.ok ? ((await res.json().catch(() => null)) as { code: unknown; data: unknown } | null) : null;
  if (!env) throw await failure(res);
  if (!isSuccessCode(env.code)) {
    const full = env as unknown as Record<string, unknown>;
    const fields = full.fields && typeof full.fields === 'object' ? (full.fields as Record<string, string>) : {};
    throw new ApiError(
      Number(env.code),
      typeof env.data === 'string' ? env.data : String(env.code),
      res.status,
      fields,
      full,
    );
  }
  return env.data as RouteData<N>;
}

/** A download endpoint (`produces`): the file saved under the name the server gives. */
export async function download<N extends EndpointName>(name: N, args: CallArgs<N> = {} as CallArgs<N>): Promise<void> {
  const route = routes[name] as RouteMeta;
  const res = await send(route, args as { query?: object });
  if (res.status === 401) onUnauthenticated();
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith(route.produces ?? '-')) throw await failure(res);
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file sent as raw bytes (image, white-list CSV, YAML text) to an endpoint that reads the request body
 * itself: the same corp, language and CSRF token as `call`, the envelope unwrapped.
 */
export async function upload<T>(path: string, file: Blob, query: Record<string, string> = {}): Promise<T> {
  const params = new URLSearchParams(query);
  const corp = currentCorpId();
  if (corp) params.set('corpId', corp);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    [CLIENT_HEADER]: 'console',
    'content-type': file.type || 'application/octet-stream',
  };
  if (csrfToken) headers[CONSOLE_CSRF_HEADER] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`${BASE_PATH}${path}?${params}`, {
      method: 'POST',
      headers,
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, locale === 'zh-CN' ? '网络连接失败，请检查网络后重试' : 'The network failed: try again', 0);
  }
  if (res.status === 401) onUnauthenticated();
  if (!res.ok) throw await failure(res);
  const env = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!env) throw await failure(res);
  if (!isSuccessCode(env.code)) {
    const fields = env.fields && typeof env.fields === 'object' ? (env.fields as Record<string, string>) : {};
    throw new ApiError(Number(env.code), String(env.data), res.status, fields, env);
  }
  return env.data as T;
}
