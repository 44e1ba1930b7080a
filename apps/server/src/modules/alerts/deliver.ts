import { createHmac } from 'node:crypto';
import { backoffDelay, exchangeOnce, type Fetch, type RetryPolicy } from '../../platform/outbound-http';
import type * as repo from './repo';

// One delivery attempt of one alert to the corp's webhook (docs/decisions/0368-alert-webhook.md): the JSON
// body is signed with HMAC-SHA256 over `timestamp.body` (Stripe's scheme: a replayed old body is refused
// by the receiver's clock check); a 2xx is delivered, anything else is tried again later with backoff.

export const SIGNATURE_HEADER = 'x-campaign-signature';
export const TIMESTAMP_HEADER = 'x-campaign-timestamp';
/** Attempts in all; then the alert stays shown in the console as not delivered. */
export const POLICY: RetryPolicy = { attempts: 8, backoffMs: 2_000 };
export const ATTEMPT_TIMEOUT_MS = 5_000;

export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function payload(a: repo.AlertRow): string {
  return JSON.stringify({
    id: a.id,
    corpId: a.corp_id,
    actId: a.act_id,
    kind: a.kind,
    message: a.message,
    detail: a.detail === null ? null : JSON.parse(a.detail),
    at: a.at,
  });
}

/**
 * Posts once; the row's next state (delivered, another try at a time, or failed for good). `refusal` says why
 * not to connect at all (an address inside the network, address.ts): that counts as a failed attempt.
 */
export async function attempt(
  a: repo.AlertRow,
  hook: { url: string; secret: string },
  now: number,
  doFetch: Fetch,
  refusal: (url: string) => Promise<string | null> = async () => null,
): Promise<Partial<repo.AlertRow>> {
  const body = payload(a);
  const ts = Math.floor(now / 1000);
  const n = a.attempts + 1;
  let error: string;
  try {
    const refused = await refusal(hook.url);
    if (refused) throw new Error(refused);
    const answer = await exchangeOnce(
      hook.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signature(hook.secret, ts, body),
          [TIMESTAMP_HEADER]: String(ts),
        },
        body,
      },
      ATTEMPT_TIMEOUT_MS,
      doFetch,
    );
    if (answer.status >= 200 && answer.status < 300) {
      return { delivery: 'delivered', attempts: n, delivered_at: now, next_attempt_at: null, last_error: null };
    }
    error = `HTTP ${answer.status}`;
  } catch (err) {
    error = (err as Error).message.slice(0, 200);
  }
  if (n >= POLICY.attempts) return { delivery: 'failed', attempts: n, next_attempt_at: null, last_error: error };
  return { attempts: n, next_attempt_at: now + backoffDelay(POLICY, n), last_error: error };
}
