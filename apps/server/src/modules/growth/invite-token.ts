import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an invite link carries: whose it is, for which corp and activity, until when. */
export interface InviteClaims {
  corpId: string;
  actId: string;
  inviterId: string;
  expiresAt: number;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`invite|${body}`).digest('base64url');

/** `<payload>.<HMAC-SHA256>`, both base64url: readable by anyone, forgeable by no one without the key. */
export function signInvite(key: Buffer, c: InviteClaims): string {
  const body = Buffer.from(JSON.stringify([c.corpId, c.actId, c.inviterId, c.expiresAt])).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The claims of a token signed with `key`; null for anything else (tampered, foreign, malformed). */
export function openInvite(key: Buffer, token: string): InviteClaims | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const want = Buffer.from(sign(key, body));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 4) return null;
    const [corpId, actId, inviterId, expiresAt] = v;
    if (typeof corpId !== 'string' || typeof actId !== 'string' || typeof inviterId !== 'string') return null;
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
    return { corpId, actId, inviterId, expiresAt };
  } catch {
    return null;
  }
}
