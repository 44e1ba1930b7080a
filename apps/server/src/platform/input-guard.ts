import { FIELD_MESSAGES, type Locale } from '@campaign/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Deeper than any payload of the contract: a value nested further is refused rather than walked. */
const MAX_DEPTH = 32;
const NUL = '\u0000';

/**
 * The dotted path of the first string (or object key) in `value` that holds U+0000, or null. PostgreSQL
 * cannot store that character in text, so it would surface as a 500 from whichever query met it first.
 */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}.${i}`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key.replaceAll(NUL, '\\0')}`;
    if (key.includes(NUL)) return at;
    const hit = findNul(v, at, depth + 1);
    if (hit) return hit;
  }
  return null;
}

const isStream = (v: unknown) => typeof (v as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * Refuses a request that carries U+0000 anywhere a handler could read it: query, body, cookies and
 * headers. Runs before the tenant lookup (corpId may itself come from a cookie), so no endpoint,
 * present or future, reaches the database with one.
 */
export function rejectNul(req: FastifyRequest, locale: Locale): void {
  const where =
    findNul(req.query, 'query') ??
    // An upload's body is the request stream itself (platform/http.ts): its bytes are the file, read by the
    // handler; walking the stream object would only meet the socket's internals.
    (isStream(req.body) ? null : findNul(req.body, 'body')) ??
    findNul(req.cookies, 'cookie') ??
    findNul(req.headers, 'header');
  if (where) throw new AppError('VALIDATION', `${where} ${FIELD_MESSAGES.nulCharacter[locale]}`);
}
