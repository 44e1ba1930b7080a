import { routes } from './client-routes';
import { isSuccessCode } from './envelope-code';
import type { RouteBody, RouteData, RouteMeta, RouteQuery } from './route-meta';
import type { EndpointName } from './table';

// The request core both apps share (exported through `@campaign/contract/client`, so no zod): one exchange
// with the server, the envelope read, the refused fields, uploads through the table's upload routes, and the
// 401 flow as a hook the app supplies. Each app keeps its own shell: headers, toasts, redirects, messages.
// The H5 reads the envelope with its spec'd rules (apps/web/src/api/request.ts) over `exchange`; the console
// uses `createClient` whole.

/** An envelope as read: `{ code, data }` (code a number or a string), with a refusal's `fields`. */
export interface EnvelopeRead {
  code: number | string;
  data: unknown;
  fields?: Record<string, string>;
}

/** A refusal's `fields` (field → message), when it is an object of strings. */
export function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** spec §5: `{ code, data }`, code a number or a string; null when the body is no envelope. */
export function readEnvelope(json: unknown): EnvelopeRead | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const code: unknown = Reflect.get(json, 'code');
  if (typeof code !== 'number' && typeof code !== 'string') return null;
  const fields = fieldErrors(Reflect.get(json, 'fields'));
  return fields ? { code, data: Reflect.get(json, 'data'), fields } : { code, data: Reflect.get(json, 'data') };
}

/** The body as JSON, or undefined when it is empty or not JSON (a proxy's error page). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type QueryPart<N extends EndpointName> =
  Record<string, never> extends RouteQuery<N> ? { query?: RouteQuery<N> } : { query: RouteQuery<N> };
type BodyPart<N extends EndpointName> =
  undefined extends RouteBody<N> ? { body?: RouteBody<N> } : { body: RouteBody<N> };
/** The payload of one endpoint, typed from the table: `query` and `body`, each optional when it may be. */
export type PayloadOf<N extends EndpointName> = QueryPart<N> & BodyPart<N>;

/** The endpoints whose body is a file's raw bytes (`upload` in the table). */
export type UploadName = {
  [N in EndpointName]: (typeof routes)[N] extends { upload: object } ? N : never;
}[EndpointName];

/** What one exchange sends: the payload, a file for an upload route, and the app's abort signal. */
export interface ExchangeArgs {
  query?: unknown;
  body?: unknown;
  /** An upload route's file: sent as the raw body with its own type. */
  file?: Blob;
  signal?: AbortSignal;
}

/** What an app tells the core about itself: where calls go, with which headers and credentials. */
export interface Transport {
  fetch: typeof fetch;
  /** The full URL of a call (base path, version, corp and query are the app's rules). */
  url(route: RouteMeta, args: ExchangeArgs): string;
  /** Headers of a call; the core adds the content type of a JSON body or a file. */
  headers(route: RouteMeta, args: ExchangeArgs): Record<string, string>;
  credentials: RequestInit['credentials'];
}

/** One answer, read once: its status and headers, the JSON (if any) and the envelope in it (if any). */
export interface Exchanged {
  response: Response;
  json: unknown;
  envelope: EnvelopeRead | null;
}

/** The request of a call: a JSON body on a non-GET with a body, a file's bytes on an upload route. */
export function requestInit(route: RouteMeta, args: ExchangeArgs, transport: Transport): RequestInit {
  const headers = transport.headers(route, args);
  const init: RequestInit = { method: route.method, credentials: transport.credentials, headers };
  if (args.file) {
    if (!route.upload) throw new Error(`${route.name} takes no file`);
    headers['content-type'] = args.file.type || 'application/octet-stream';
    init.body = args.file;
  } else if (route.method !== 'GET' && args.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(args.body);
  }
  if (args.signal) init.signal = args.signal;
  return init;
}

/** One exchange with the server: the request as the app shapes it, the answer's JSON and envelope. */
export async function exchange(route: RouteMeta, args: ExchangeArgs, transport: Transport): Promise<Exchanged> {
  const response = await transport.fetch(transport.url(route, args), requestInit(route, args, transport));
  return readAnswer(response);
}

async function readAnswer(response: Response): Promise<Exchanged> {
  const json = await readJson(response);
  return { response, json, envelope: readEnvelope(json) };
}

/** The query string of a payload: empty values left out, arrays repeated, `extra` (the corp) first. */
export function queryString(query: unknown, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  if (typeof query === 'object' && query !== null) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
      else params.set(k, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** A call the server refused or could not answer: the envelope's code and message, the HTTP status. */
export class EndpointError extends Error {
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
    this.name = 'EndpointError';
  }
}

/** The app's shell around the core: its transport, its words for failures, its 401 hook. */
export interface ClientShell extends Transport {
  /** Message of a call that never reached the server. */
  networkFailed(): string;
  /** Message of an answer that is no envelope (a proxy's error page). */
  unavailable(status: number): string;
  /** A 401 answer: the app's redirect to sign-in (it decides which routes need a session). */
  onUnauthenticated(route: RouteMeta): void;
}

/** Options of one call besides its payload. */
export interface CallOptions {
  signal?: AbortSignal;
}

function refusal(status: number, envelope: EnvelopeRead | null, json: unknown, shell: ClientShell): EndpointError {
  const whole = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (!envelope) return new EndpointError(status, shell.unavailable(status), status, {}, whole);
  const fallback = status >= 200 && status < 300 ? String(envelope.code) : shell.unavailable(status);
  const message = typeof envelope.data === 'string' && envelope.data ? envelope.data : fallback;
  return new EndpointError(Number(envelope.code), message, status, envelope.fields ?? {}, whole);
}

/**
 * The typed client over the table: `call(name, { query, body })` answers the envelope's data or throws an
 * EndpointError; `upload(name, file, { query })` sends a file to an upload route; `fetchFile` answers a
 * download route's response. A 401 runs the app's hook first.
 */
export function createClient(shell: ClientShell) {
  async function send(route: RouteMeta, args: ExchangeArgs): Promise<Response> {
    let response: Response;
    try {
      response = await shell.fetch(shell.url(route, args), requestInit(route, args, shell));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new EndpointError(0, shell.networkFailed(), 0);
    }
    if (response.status === 401) shell.onUnauthenticated(route);
    return response;
  }
  async function unwrap<N extends EndpointName>(route: RouteMeta, args: ExchangeArgs): Promise<RouteData<N>> {
    const { response, json, envelope } = await readAnswer(await send(route, args));
    if (!response.ok || !envelope || !isSuccessCode(envelope.code)) {
      throw refusal(response.status, envelope, json, shell);
    }
    return envelope.data as RouteData<N>;
  }
  return {
    call<N extends EndpointName>(name: N, args: PayloadOf<N> & CallOptions = {} as PayloadOf<N> & CallOptions) {
      return unwrap<N>(routes[name] as RouteMeta, args as ExchangeArgs);
    },
    upload<N extends UploadName>(
      name: N,
      file: Blob,
      args: PayloadOf<N> & CallOptions = {} as PayloadOf<N> & CallOptions,
    ) {
      return unwrap<N>(routes[name] as RouteMeta, { ...(args as ExchangeArgs), file });
    },
    /** A download route's answer (no envelope on success); a refusal still comes as an EndpointError. */
    async fetchFile<N extends EndpointName>(
      name: N,
      args: PayloadOf<N> & CallOptions = {} as PayloadOf<N> & CallOptions,
    ) {
      const route: RouteMeta = routes[name];
      const response = await send(route, args as ExchangeArgs);
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !route.produces || !type.startsWith(route.produces)) {
        const { json, envelope } = await readAnswer(response);
        throw refusal(response.status, envelope, json, shell);
      }
      return response;
    },
  };
}
