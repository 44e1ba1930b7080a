import { hmacHex, safeEqualHex } from './crypto';

/** Tickets may live at most this long: a host app mints one right before opening the H5. */
export const TICKET_MAX_LIFETIME_SEC = 600;

/**
 * A host-app ticket (docs/decisions/0003-identity.md): base64url(JSON payload) + "." + hex
 * HMAC-SHA256(corp secret, first part). Customers' and staff members' tickets share this envelope and
 * differ in their payloads.
 */
export function sealTicket(secret: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmacHex(secret, body)}`;
}

/** The JSON a ticket carries when its signature is the corp's, else null. */
export function openTicket(ticket: string, secret: string): unknown {
  const [body, mac, ...rest] = ticket.split('.');
  if (!body || !mac || rest.length > 0 || !/^[0-9a-f]{64}$/.test(mac)) return null;
  if (!safeEqualHex(hmacHex(secret, body), mac)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** Expiry rules both kinds of ticket follow: not past, and not further ahead than the maximum lifetime. */
export function ticketTimeCheck(expSec: number, nowMs: number): 'ok' | 'TICKET_EXPIRED' | 'TICKET_INVALID' {
  const nowSec = Math.floor(nowMs / 1000);
  if (expSec <= nowSec) return 'TICKET_EXPIRED';
  if (expSec - nowSec > TICKET_MAX_LIFETIME_SEC) return 'TICKET_INVALID';
  return 'ok';
}
