import { z } from 'zod';
import { hmacHex, safeEqualHex } from '../../platform/crypto';

/** Tickets may live at most this long: a host app mints one right before opening the H5. */
export const TICKET_MAX_LIFETIME_SEC = 600;

export const ticketPayloadSchema = z.object({
  corpId: z.string(),
  uid: z.string().min(1).max(64),
  mobile: z
    .string()
    .regex(/^1[3-9]\d{9}$/)
    .optional(),
  exp: z.number().int(),
  nonce: z.string().min(8).max(64),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/**
 * Ticket = base64url(JSON payload) + "." + hex HMAC-SHA256(corp secret, first part).
 * The bank app signs it with the secret it shares with this corp.
 */
export function signTicket(secret: string, payload: TicketPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmacHex(secret, body)}`;
}

export type TicketCheck =
  | { ok: true; payload: TicketPayload }
  | { ok: false; reason: 'TICKET_INVALID' | 'TICKET_EXPIRED' };

export function checkTicket(ticket: string, secret: string, corpId: string, nowMs: number): TicketCheck {
  const [body, mac, ...rest] = ticket.split('.');
  if (!body || !mac || rest.length > 0 || !/^[0-9a-f]{64}$/.test(mac)) return { ok: false, reason: 'TICKET_INVALID' };
  if (!safeEqualHex(hmacHex(secret, body), mac)) return { ok: false, reason: 'TICKET_INVALID' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'TICKET_INVALID' };
  }
  const parsed = ticketPayloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.corpId !== corpId) return { ok: false, reason: 'TICKET_INVALID' };
  const nowSec = Math.floor(nowMs / 1000);
  if (parsed.data.exp <= nowSec) return { ok: false, reason: 'TICKET_EXPIRED' };
  if (parsed.data.exp - nowSec > TICKET_MAX_LIFETIME_SEC) return { ok: false, reason: 'TICKET_INVALID' };
  return { ok: true, payload: parsed.data };
}
