import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  API_VERSIONS,
  BASE_PATH,
  CONSOLE_BACKGROUND_HEADER,
  CONSOLE_CSRF_HEADER,
  COOKIES,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type ErrorName,
  endpointErrors,
  endpoints,
  type Locale,
  localeFromAcceptLanguage,
  resolvePath,
} from '@campaign/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database_ } from '../db';
import { findConsoleSession, type RequestConsole } from './console-session';
import { consoleStreamsOf } from './console-streams';
import { assertSameSiteRequest } from './csrf';
import { AppError, refusal } from './errors';
import { rejectNul } from './input-guard';
import type { LimitName, Limits } from './limits';
import { parseOrFail } from './parse-input';
import { findSession, findStaffSession, type RequestStaff, type RequestUser } from './session';
import type { Corp, CorpCache } from './tenancy';

type CorpFor<E> = E extends { access: 'public' } ? Corp | null : Corp;
type UserFor<E> = E extends { access: 'user' } ? RequestUser : RequestUser | null;
type StaffFor<E> = E extends { access: 'staff' } ? RequestStaff : null;
type ConsoleFor<E> = E extends { access: 'console' } ? RequestConsole : null;

export interface HandlerContext<E extends Endpoint> {
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The headers the endpoint declares, checked (other headers stay on `req`). */
  headers: z.output<E['headers']>;
  corp: CorpFor<E>;
  user: UserFor<E>;
  /** For `access: 'staff'`: the staff member, of this corp, holding one of the endpoint's roles. */
  staff: StaffFor<E>;
  /** For `access: 'console'`: the console user, of this corp, holding one of the endpoint's roles. */
  console: ConsoleFor<E>;
  locale: Locale;
  req: FastifyRequest;
  reply: FastifyReply;
}
export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<z.output<E['data']>>;
/** One handler per endpoint of a contract group: a module's handlers are typed from its own group. */
export type HandlersOf<G extends Record<string, Endpoint>> = { [K in keyof G]: Handler<G[K]> };
/** One handler per endpoint of the table: a missing one does not compile. */
export type Handlers = HandlersOf<Endpoints>;

export function requestLocale(req: FastifyRequest): Locale {
  return localeFromAcceptLanguage(req.headers['accept-language']);
}

export interface RouteDeps {
  database: Database_;
  config: Config;
  clock: () => number;
  corps: CorpCache;
  limits: Limits;
}

/** The corpId of a request: query parameter, else cookie (spec §6). */
export function requestCorpId(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = typeof q?.corpId === 'string' && q.corpId ? q.corpId : undefined;
  // No cookies yet on a request refused before the cookie plugin read them (load shedding runs first).
  return fromQuery ?? req.cookies?.[COOKIES.corpId] ?? undefined;
}

/**
 * Registers every endpoint of the contract table on the app. Routes stay thin: tenancy, session,
 * validation and the envelope happen here once; handlers get typed, validated input.
 */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, deps: RouteDeps) {
  const holdStream = consoleStreamsOf(app, deps.database.db, deps.clock, deps.config.consoleSession);
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep: Endpoint = endpoints[name];
    const handler = handlers[name] as unknown as Handler<Endpoint>;
    if (typeof handler !== 'function') throw new Error(`no handler for endpoint ${name}`);
    const limit = limitOf(ep);
    const urls = ep.version === 'versioned' ? API_VERSIONS.map((v) => resolvePath(ep, v)) : [resolvePath(ep, 'v2')];
    for (const url of urls) {
      app.route({
        method: ep.method,
        url: BASE_PATH + url,
        config: { endpointName: name },
        ...(limit ? { onRequest: limitHook(name, limit, deps.limits) } : {}),
        handler: endpointHandler(name, ep, handler, holdStream, deps),
      });
    }
  }
}

type HoldStream = ReturnType<typeof consoleStreamsOf>;

/**
 * One endpoint's route handler: the corp and the principal its access needs, the declared query, body and
 * headers parsed, the handler called, and its answer sent as the contract says (answerOf).
 */
function endpointHandler(
  name: EndpointName,
  ep: Endpoint,
  handler: Handler<Endpoint>,
  holdStream: HoldStream,
  deps: RouteDeps,
) {
  // Outside production a handler may answer only with the errors its contract declares (tests fail on
  // any other); in production nothing is added to the request's path.
  const declared = deps.config.env === 'production' ? null : new Set<ErrorName>(endpointErrors(ep));
  return async (req: FastifyRequest, reply: FastifyReply) => {
    // A state-changing GET gets the cross-site check every POST gets, before anything else.
    if (ep.stateChangingGet) assertSameSiteRequest(req);
    const locale = requestLocale(req);
    rejectNul(req, locale);
    const now = deps.clock();
    const corpId = requestCorpId(req);
    let corp: Corp | null = null;
    if (corpId) {
      corp = await deps.corps.get(deps.database.db, corpId, now);
      if (!corp && ep.access !== 'public') throw new AppError('CORP_UNKNOWN', corpId.slice(0, 32));
    } else if (ep.access !== 'public') {
      throw new AppError('CORP_REQUIRED');
    }
    const token = req.cookies[COOKIES.session];
    const user = corp && token ? await findSession(deps.database, corp.id, token, now, deps.config.session) : null;
    if (ep.access === 'user' && !user) throw new AppError('UNAUTHENTICATED');
    const staff = corp && ep.access === 'staff' ? await staffOf(req, ep, corp, user, now, deps) : null;
    const consoleUser = corp && ep.access === 'console' ? await consoleOf(req, ep, corp, now, deps) : null;
    const { corpId: _drop, ...rawQuery } = (req.query ?? {}) as Record<string, unknown>;
    const query = parseOrFail(ep.query, rawQuery, 'query', locale);
    const body = ep.method === 'GET' || ep.upload ? undefined : jsonBody(ep, req, locale);
    // Declared headers (the idempotency key) are checked here once, before any handler can act.
    const headers = parseOrFail(ep.headers, req.headers, 'headers', locale, ep.headersError);
    const call = () =>
      handler({
        query,
        body,
        headers,
        corp,
        user,
        staff,
        console: consoleUser,
        locale,
        req,
        reply,
      } as HandlerContext<Endpoint>);
    const data = await (declared ? onlyDeclared(name, declared, call) : call());
    return answerOf(name, ep, data, consoleUser, holdStream, req, reply);
  };
}

/** The handler's answer as the endpoint sends it: a stream, a download, or the envelope checked by the contract. */
function answerOf(
  name: EndpointName,
  ep: Endpoint,
  data: unknown,
  consoleUser: RequestConsole | null,
  holdStream: HoldStream,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  // A stream: the handler has taken the response over (reply.hijack()) and writes it itself. A console
  // stream ends when its session does or loses the endpoint's role (console-streams.ts).
  if (ep.produces?.type === 'text/event-stream') {
    if (consoleUser) holdStream(consoleUser, ep.roles ?? [], req, reply);
    return reply;
  }
  if (ep.produces) {
    // A download: the file itself, not the envelope (errors above still came as the envelope).
    // An export job's file names its own type and name (CSV or XLSX); the declared ones otherwise.
    if (!reply.hasHeader('content-type')) reply.header('content-type', `${ep.produces.type}; charset=utf-8`);
    if (!reply.hasHeader('content-disposition'))
      reply.header('content-disposition', `attachment; filename="${ep.produces.filename}"`);
    reply.header('cache-control', 'no-store');
    return data;
  }
  // Every answer passes through its response schema: a field the contract does not declare is never
  // sent (zod objects drop unknown keys), and an answer that breaks the contract is an error.
  const check = ep.data.safeParse(data);
  if (!check.success) {
    req.log.error({ endpoint: name, issues: check.error.issues }, 'response does not match the contract');
    throw new Error(`response of ${name} does not match the contract`);
  }
  return { code: 0, data: check.data ?? null };
}

/** A JSON endpoint's body; an upload's stream sent to it (a file where JSON belongs) is refused. */
function jsonBody(ep: Endpoint, req: FastifyRequest, locale: Locale) {
  if (isStream(req.body)) throw new AppError('UNSUPPORTED_MEDIA');
  return parseOrFail(ep.body, req.body ?? undefined, 'body', locale);
}

const isStream = (v: unknown): v is Readable => typeof (v as Readable | null)?.pipe === 'function';

/**
 * Uploads (an endpoint's `upload`, docs/decisions/0347-uploads.md): a file's media types reach the route as
 * the request stream itself, never buffered, so a 1,000,000-row list is read as it arrives; the handler
 * enforces the endpoint's byte limit while reading. Any other route given such a body refuses it.
 */
export function installUploadBodies(app: FastifyInstance) {
  const types = new Set<string>();
  for (const ep of Object.values(endpoints) as Endpoint[]) for (const t of ep.upload?.types ?? []) types.add(t);
  const uploadPaths = new Set(
    (Object.values(endpoints) as Endpoint[]).filter((ep) => ep.upload).map((ep) => BASE_PATH + resolvePath(ep, 'v2')),
  );
  app.addContentTypeParser([...types], (req, payload, done) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!uploadPaths.has(path)) {
      payload.resume();
      done(new AppError('UNSUPPORTED_MEDIA'), undefined);
      return;
    }
    done(null, payload);
  });
}

/**
 * A handler's AppError that its endpoint does not declare (packages/contract `errors`) is a contract
 * breach: it is logged and answered as an internal error, so the test that reaches it fails.
 */
async function onlyDeclared<T>(name: string, declared: ReadonlySet<ErrorName>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && !declared.has(err.errorName)) {
      throw new Error(`endpoint ${name} answered ${err.errorName}, which its contract does not declare`, {
        cause: err,
      });
    }
    throw err;
  }
}

/**
 * The one staff check (docs/decisions/0320-staff-roles.md): a staff session of the request's corp (its own
 * cookie and table, so a customer's session never counts, whatever its ids) holding one of the endpoint's
 * roles. A customer's session gets 403 STAFF_ONLY, no session 401, a staff member without the role 403.
 */
async function staffOf(
  req: FastifyRequest,
  ep: Endpoint,
  corp: Corp,
  user: RequestUser | null,
  now: number,
  deps: RouteDeps,
): Promise<RequestStaff> {
  const token = req.cookies[COOKIES.staffSession];
  const staff = token ? await findStaffSession(deps.database, corp.id, token, now, deps.config.session) : null;
  if (!staff) throw new AppError(user ? 'STAFF_ONLY' : 'UNAUTHENTICATED');
  if (!staff.roles.some((r) => ep.roles?.includes(r))) throw new AppError('STAFF_ROLE_REQUIRED');
  return staff;
}

/**
 * The one console check (docs/decisions/0330-console-identity.md): a console session of the request's corp
 * (its own cookie and table: neither a customer's nor a staff ticket's session counts) holding one of the
 * endpoint's roles; a state-changing call also carries the session's CSRF token. No session: 401; no role:
 * 403 STAFF_ROLE_REQUIRED; a missing or wrong token: 403 CONSOLE_CSRF.
 */
async function consoleOf(
  req: FastifyRequest,
  ep: Endpoint,
  corp: Corp,
  now: number,
  deps: RouteDeps,
): Promise<RequestConsole> {
  const token = req.cookies[COOKIES.consoleSession];
  const background = ep.method === 'GET' && req.headers[CONSOLE_BACKGROUND_HEADER] === '1';
  const who = token
    ? await findConsoleSession(deps.database, corp.id, token, now, deps.config.consoleSession, background)
    : null;
  if (!who) throw new AppError('UNAUTHENTICATED');
  if (!who.roles.some((r) => ep.roles?.includes(r))) throw new AppError('STAFF_ROLE_REQUIRED');
  if (ep.method !== 'GET') {
    const sent = req.headers[CONSOLE_CSRF_HEADER];
    if (typeof sent !== 'string' || !sameSecret(sent, who.csrfToken)) throw new AppError('CONSOLE_CSRF');
  }
  return who;
}

function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function limitOf(ep: Endpoint): { name: LimitName; key: (req: FastifyRequest) => string } | null {
  if (ep.rateLimit === 'login') return { name: 'login', key: (req) => req.ip };
  // Per customer where known, so one busy NAT does not starve its neighbours.
  if (ep.rateLimit === 'draw') return { name: 'draw', key: (req) => req.cookies[COOKIES.session] ?? req.ip };
  // Page views and tracking events: rows anyone may add, bounded per client address so an anonymous
  // script cannot grow the database without limit. Keyed by address only: a made-up session cookie
  // must not buy a fresh allowance.
  if (ep.tag === 'tracking') return { name: 'tracking', key: (req) => req.ip };
  // The public fairness look-ups (ADR 0349: one draw by its id; a whole ended campaign): anyone may call them
  // and each recomputes from the database, so each is bounded per client address (nobody walks the id space
  // or loads the database with them). Keyed by address only, as tracking.
  if (ep.tag === 'fairness') return { name: 'fairness', key: (req) => req.ip };
  return null;
}

/**
 * Counts the call in the shared limits before anything else of the route runs. Each endpoint has its own
 * allowance (sending a code does not use up the log-in calls).
 */
function limitHook(
  endpoint: EndpointName,
  limit: { name: LimitName; key: (req: FastifyRequest) => string },
  limits: Limits,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const verdict = await limits.take(limit.name, `${endpoint}|${limit.key(req)}`);
    if (!verdict.ok) {
      reply.header('retry-after', String(verdict.retryAfterSec));
      throw refusal('RATE_LIMITED');
    }
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpointName?: string;
  }
}
