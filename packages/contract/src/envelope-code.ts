/**
 * spec §5: code 0 (or "0") is success. Kept apart from envelope.ts, whose zod schema the browser
 * does not load (client.ts); envelope.ts's own `isSuccessCode` is checked against this one in client.test.ts.
 */
export function isSuccessCode(code: unknown): boolean {
  return code === 0 || code === '0';
}
