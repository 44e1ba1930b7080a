/** A unique or primary-key constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_*). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL gave up on a transaction because of another one (deadlock 40P01, serialization 40001): run it again. */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Node's socket errors: the database's address refused, reset, timed out or could not be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg says, without a code, of a connection it lost or never got (client.js, pg-pool). */
const PG_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end)/;

/**
 * The database cannot be reached or cannot serve right now, through no fault of the request: the connection
 * was lost or refused, the server is shutting down or out of connections, disk or memory ran out, or SQLite
 * found its file locked or could not read or write it. The request is answered 503 "try again" and the
 * process carries on; the pool opens new connections when the database is back (ADR 0053).
 * PostgreSQL: SQLSTATE class 08 (connection exception), 53 (insufficient resources), 57P01–57P03 (admin or
 * crash shutdown, cannot connect now), 58 (system error), 25P03 (a transaction ended for idling: its node
 * stalled past idle_in_transaction_session_timeout). SQLite: BUSY, LOCKED, IOERR, FULL, CANTOPEN, PROTOCOL.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return true;
    if (/^(08|53|58)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '25P03') return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/.test(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && PG_LOST.test(message);
}
