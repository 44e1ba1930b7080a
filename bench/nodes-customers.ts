/**
 * The customers of `npm run test:nodes` (bench/nodes.ts): logged in through the balancer, drawing under an
 * Idempotency-Key and retrying the same key as the H5 does. Every exchange is reported as the customer saw it.
 */

/** A customer's patience for one answer, as the H5's request timeout. */
const ANSWER_TIMEOUT_MS = 5000;
/** A draw not acknowledged after this long of retries under its key counts as never answered. */
export const DRAW_GIVE_UP_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const h5 = (clientIp: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-campaign-client': 'h5',
  'x-forwarded-for': clientIp,
  ...extra,
});
export const ipOf = (u: number) => `10.50.${Math.floor(u / 250)}.${u % 250}`;

/** Logs customer `i` in; a 429 (a node catching up after its start, ADR 0053) is waited out as the H5 would. */
export async function login(lb: string, i: number): Promise<string> {
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    res = await fetch(`${lb}/bmcs/api/auth/otp/login?corpId=demo`, {
      method: 'POST',
      headers: h5(ipOf(i)),
      body: JSON.stringify({ mobile: `132${String(i).padStart(8, '0')}`, code: '123456' }),
    });
    if (res.status !== 429 || attempt >= 20) break;
    await res.text();
    await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
  }
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sid.split(';')[0] as string;
}

/** One exchange with the balancer as the customer saw it. */
export type Outcome = 'drawn' | 'refused' | '429' | '5xx' | '409' | 'reset' | 'timeout' | 'other';
export interface Attempt {
  startMs: number;
  endMs: number;
  outcome: Outcome;
  status: number;
}

/** One draw under `key`: retried under the same key after a 5xx, 409, 429 or a failed exchange, as the H5 does. */
export async function drawUntilAnswered(
  lb: string,
  cookie: string,
  key: string,
  ip: string,
  record: (a: Omit<Attempt, 'endMs'>) => void,
): Promise<{ drawId?: string; unanswered?: boolean }> {
  const giveUp = Date.now() + DRAW_GIVE_UP_MS;
  for (let attempt = 0; Date.now() < giveUp; attempt++) {
    const startMs = Date.now();
    let outcome: Outcome;
    let drawId: string | undefined;
    let status = 0;
    let wait = Math.min(1000, 100 * 2 ** attempt);
    try {
      const res = await fetch(`${lb}/bmcs/api/v2/lottery?corpId=demo`, {
        method: 'POST',
        headers: h5(ip, { cookie, 'idempotency-key': key }),
        body: JSON.stringify({ actId: 'nodes-wheel' }),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const text = await res.text();
      status = res.status;
      if (res.status === 200) {
        const body = JSON.parse(text) as { code: number; data: { drawId: string } };
        outcome = body.code === 0 ? 'drawn' : 'refused';
        if (body.code === 0) drawId = body.data.drawId;
      } else if (res.status === 429) {
        outcome = '429';
        wait = 1000 * Number(res.headers.get('retry-after') ?? 1);
      } else if (res.status >= 500) outcome = '5xx';
      else if (res.status === 409) outcome = '409';
      else outcome = 'other';
    } catch (err) {
      outcome = (err as Error).name === 'TimeoutError' ? 'timeout' : 'reset';
    }
    record({ startMs, outcome, status });
    if (outcome === 'drawn') return { drawId };
    if (outcome === 'refused' || outcome === 'other') return {};
    await sleep(wait);
  }
  return { unanswered: true };
}
