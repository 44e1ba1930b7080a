import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { BASE_PATH, type ErrorName, localeFromAcceptLanguage } from '@campaign/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { WriteLockTimeout } from '../db/group-commit';
import { isLockBusy, isOverloaded } from '../db/pg-group-commit';
import { AppError, refusal } from './errors';
import { requestLocale } from './http';

/** Fastify's own failures (parsing, limits) mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION',
};

/** Seconds a 429 or 503 without a limiter's own window asks the client to wait before trying again. */
export const RETRY_AFTER_SEC = 1;

const isClientAbort = (err: unknown) => {
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  return e !== null && typeof e === 'object' && e.code === 'ECONNRESET' && e.statusCode === 400;
};

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof WriteLockTimeout) return new AppError('UNAVAILABLE');
  // PostgreSQL's group commit (ADR 0052), for every write that goes through transact(), not the draw alone:
  // past capacity a unit is refused before it ran; one that kept meeting a lock gave up. Nothing stored.
  if (isOverloaded(err)) return refusal('BUSY');
  if (isLockBusy(err)) return new AppError('UNAVAILABLE');
  // The client hung up while its body was read (Node's "aborted" reset, which Fastify's body reader marks
  // 400): its own doing, nothing was stored, and the answer goes nowhere. Not the database's ECONNRESET, so
  // neither a 503 nor an error on the dashboards and alerts.
  if (isClientAbort(err)) return new AppError('VALIDATION');
  // The database is unreachable for a moment (a lost connection, a failover, a locked or failing SQLite
  // file): "try again", and the process carries on (ADR 0053).
  if (isDatabaseUnavailable(err)) return new AppError('UNAVAILABLE');
  const fe = err as Partial<FastifyError> | null;
  if (!fe || typeof fe !== 'object') return null;
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) return new AppError(mapped);
  // A plugin's 429: our own per-caller limits throw RATE_LIMITED themselves, so this one is the server's.
  if (fe.statusCode === 429) return refusal('BUSY');
  if (fe.name === 'SyntaxError' && fe.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError(fe.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION');
  }
  return null;
}

/**
 * One error handler: every failure leaves as `{ code, data: message }` in the user's language with the
 * catalogue's status; anything unexpected is logged with the request id and answered as a plain 500
 * without internals.
 */
export function installEnvelopeErrors(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    const locale = requestLocale(req);
    const known = toAppError(err);
    if (known) {
      if (known.status >= 500) req.log.error({ err, reqId: req.id }, 'request failed');
      // A "try again" says when: the limiter set its own window; shedding and a database blip ask for 1 s.
      if ((known.status === 429 || known.status === 503) && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(RETRY_AFTER_SEC));
      }
      return reply.status(known.status).send(known.envelope(locale));
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    const internal = new AppError('INTERNAL');
    return reply.status(500).send({ code: internal.code, data: `${internal.messageFor(locale)} (${req.id})` });
  });
}

/**
 * Errors Fastify meets before routing (a path with malformed percent-encoding or UTF-8: FST_ERR_BAD_URL)
 * get the envelope in the user's language, never Fastify's default body (issue 21 §7).
 */
export function frameworkErrors(_err: Error, req: FastifyRequest, reply: FastifyReply) {
  const e = new AppError('VALIDATION');
  void reply
    .status(e.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(e.envelope(requestLocale(req)));
}

export function isApiPath(url: string): boolean {
  return url === BASE_PATH || url.startsWith(`${BASE_PATH}/`);
}

/**
 * Failures Node's HTTP parser meets before there is a request (headers too large, a malformed request
 * line, a header timeout) get the envelope too, in the language the raw request asked for if it got that far.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const name: ErrorName =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'VALIDATION';
  const e = new AppError(name);
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
  const locale = localeFromAcceptLanguage(/\r\naccept-language:([^\r\n]*)/i.exec(raw)?.[1]?.trim());
  const body = JSON.stringify({ code: e.code, data: e.messageFor(locale) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
