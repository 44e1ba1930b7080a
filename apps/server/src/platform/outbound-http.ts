/**
 * Calls to services outside ours (the SMS gateway, the chat platform): a deadline per attempt and a bounded
 * number of attempts, retrying only what another attempt may fix (no answer, or a 5xx).
 */

/** A failure worth another attempt: the connection failed, no answer came in time, or a 5xx. */
export class TransientHttpError extends Error {
  override readonly name = 'TransientHttpError';
}

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  attempts: number;
  /** Wait before the second attempt, doubled before each later one (with jitter, so callers spread out). */
  backoffMs: number;
}

export interface HttpAnswer {
  status: number;
  text: string;
}

export type Fetch = typeof fetch;

/** What a network error was, without its message: undici's messages may quote the URL, which can hold a secret. */
function networkReason(err: unknown): string {
  const cause: unknown = err instanceof Error ? err.cause : undefined;
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code ?? (err instanceof Error ? err.name : 'unknown');
}

/**
 * One exchange whose deadline covers the body as well as the headers. Throws TransientHttpError for no
 * answer and for 5xx; any other status is returned for the caller to judge.
 */
export async function exchangeOnce(
  url: URL | string,
  init: RequestInit,
  timeoutMs: number,
  doFetch: Fetch = fetch,
): Promise<HttpAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // A redirect is not followed: it would carry a signed body or a secret-bearing URL to wherever it points.
    const response = await doFetch(url, { ...init, redirect: 'manual', signal });
    const text = await response.text();
    if (response.status >= 500) throw new TransientHttpError(`HTTP ${response.status}`);
    return { status: response.status, text };
  } catch (err) {
    if (err instanceof TransientHttpError) throw err;
    if (signal.aborted) throw new TransientHttpError(`no answer within ${timeoutMs} ms`);
    throw new TransientHttpError(`network error (${networkReason(err)})`);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before attempt `n + 1`: backoffMs · 2^(n-1), between half and all of it. */
export function backoffDelay(policy: RetryPolicy, n: number, random = Math.random): number {
  const full = policy.backoffMs * 2 ** (n - 1);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Runs `attempt` (given its number, from 1) until it returns, retrying TransientHttpError up to the policy's
 * attempts; anything else is thrown at once. The last TransientHttpError is thrown when attempts run out.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  hooks: { onRetry?: (err: TransientHttpError, n: number) => void; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof TransientHttpError) || n >= policy.attempts) throw err;
      hooks.onRetry?.(err, n);
      await (hooks.wait ?? sleep)(backoffDelay(policy, n));
    }
  }
}

/** The body as JSON, or undefined when it is not JSON (the caller's schema then refuses it). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
