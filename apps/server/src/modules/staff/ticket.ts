import { STAFF_ROLES } from '@campaign/contract';
import { z } from 'zod';
import { openTicket, sealTicket, ticketTimeCheck } from '../../platform/signed-ticket';

/**
 * A staff ticket: the customer ticket's envelope (docs/decisions/0003-identity.md) with `typ: "staff"`, the
 * staff id and the roles the host app vouches for (docs/decisions/0320-staff-roles.md). A customer ticket
 * has no `typ` and is refused here; a staff ticket is refused by the customer log-in.
 */
export const staffTicketSchema = z
  .object({
    typ: z.literal('staff'),
    corpId: z.string(),
    staffId: z.string().min(1).max(64),
    roles: z.array(z.enum(STAFF_ROLES)).min(1),
    exp: z.number().int(),
    nonce: z.string().min(8).max(64),
  })
  .strict();
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export function signStaffTicket(secret: string, payload: StaffTicket): string {
  return sealTicket(secret, payload);
}

export function checkStaffTicket(
  ticket: string,
  secret: string,
  corpId: string,
  nowMs: number,
): { ok: true; payload: StaffTicket } | { ok: false; reason: 'TICKET_INVALID' | 'TICKET_EXPIRED' } {
  const parsed = staffTicketSchema.safeParse(openTicket(ticket, secret));
  if (!parsed.success || parsed.data.corpId !== corpId) return { ok: false, reason: 'TICKET_INVALID' };
  const time = ticketTimeCheck(parsed.data.exp, nowMs);
  return time === 'ok' ? { ok: true, payload: parsed.data } : { ok: false, reason: time };
}
