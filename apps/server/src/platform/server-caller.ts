import type { FastifyRequest } from 'fastify';
import { hmacHex, safeEqualHex } from './crypto';
import type { Corp } from './tenancy';

/** The header a corp's own back end signs a server-to-server call with (docs/decisions/0032-common-decrypt.md). */
export const SERVER_SIGNATURE_HEADER = 'x-campaign-signature';
/** How far a signature's time may be from ours: a captured request stops working soon after. */
export const SERVER_SIGNATURE_SKEW_SEC = 300;

/** What a server caller signs: the corp, the time and the exact payload, so no part can be swapped. */
export function serverSignature(secret: string, corpId: string, unixSec: number, payload: string): string {
  return `${unixSec}.${hmacHex(secret, `${corpId}\n${unixSec}\n${payload}`)}`;
}

/**
 * Whether the request is signed by the corp's back end with the corp's app secret (the one that signs
 * host-app tickets): `<unix seconds>.<hex HMAC-SHA256(secret, corpId \n seconds \n payload)>`.
 */
export function isSignedByCorp(req: FastifyRequest, corp: Corp, payload: string, nowMs: number): boolean {
  const given = req.headers[SERVER_SIGNATURE_HEADER];
  if (typeof given !== 'string') return false;
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(given);
  if (!m?.[1] || !m[2]) return false;
  const sec = Number(m[1]);
  if (Math.abs(nowMs / 1000 - sec) > SERVER_SIGNATURE_SKEW_SEC) return false;
  const expected = serverSignature(corp.appSecret, corp.id, sec, payload).split('.')[1] ?? '';
  return safeEqualHex(expected, m[2]);
}
