import { z } from 'zod';
import { openTicket, sealTicket, ticketTimeCheck } from '../../platform/signed-ticket';

export const ticketPayloadSchema = z.object({
  corpId: z.string(),
  uid: z.string().min(1).max(64),
  mobile: z
    .string()
    .regex(/^1[3-9]\d{9}$/)
    .optional(),
  exp: z.number().int(),
  nonce: z.string().min(8).max(64),
  /** Only staff tickets carry a type; its presence refuses the ticket here. */
  typ: z.undefined().optional(),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/**
 * Ticket = base64url(JSON payload) + "." + hex HMAC-SHA256(corp secret, first part).
 * The bank app signs it with the secret it shares with this corp.
 */
export function signTicket(secret: string, payload: TicketPayload): string {
  return sealTicket(secret, payload);
}

export type TicketCheck =
  | { ok: true; payload: TicketPayload }
  | { ok: false; reason: 'TICKET_INVALID' | 'TICKET_EXPIRED' };

export function checkTicket(ticket: string, secret: string, corpId: string, nowMs: number): TicketCheck {
  const parsed = ticketPayloadSchema.safeParse(openTicket(ticket, secret));
  if (!parsed.success || parsed.data.corpId !== corpId) return { ok: false, reason: 'TICKET_INVALID' };
  const time = ticketTimeCheck(parsed.data.exp, nowMs);
  return time === 'ok' ? { ok: true, payload: parsed.data } : { ok: false, reason: time };
}
