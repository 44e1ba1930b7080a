/**
 * spec §5: code 0 (or "0") is success. Kept apart from envelope.ts, whose zod schema the browser
 * does not load (client.ts); envelope.ts's own `isSuccessCode` is checked against this one in client.test.ts.
 */
/**
 * The code of a call the server refused because it is past capacity (`ERRORS.BUSY`, ADR 0054), apart from the
 * catalogue so the H5's entry chunk can tell it from a caller's own rate limit without loading every message.
 */
export const BUSY_CODE = 42901;

export function isSuccessCode(code: unknown): boolean {
  return code === 0 || code === '0';
}
