import { z } from 'zod';
import { CAMPAIGN_STATES } from '../campaign-draft';
import { actIdSchema } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';

// Entry slots (ADR 0341, 0383): where the host app links a campaign. One campaign per slot at a time; the
// editor shows which slot is taken when, on a timeline, and a new campaign starts on a free one.

export const slotBookingSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
});
export type SlotBooking = z.infer<typeof slotBookingSchema>;

export const entrySlotSchema = z.object({
  /** `page:wheel`, `page:wheel-2`, or a slot the bank named. */
  slot: z.string(),
  /** No booking overlaps the campaign's own window. */
  free: z.boolean(),
  bookings: z.array(slotBookingSchema),
});
export type EntrySlot = z.infer<typeof entrySlotSchema>;

export const entrySlotsSchema = z.object({
  /** The campaign's activity type (null: a kind without a customer entry, which has no slot). */
  type: z.string().nullable(),
  /** The slot the draft is on now. */
  current: z.string().nullable(),
  /** The first free slot of the type for the draft's window (the current one when it is free). */
  proposed: z.string().nullable(),
  slots: z.array(entrySlotSchema),
});
export type EntrySlots = z.infer<typeof entrySlotsSchema>;

export const campaignSlotEndpoints = {
  consoleCampaignSlots: endpoint({
    version: 'none',
    access: 'console',
    tag: 'console-campaigns',
    method: 'GET',
    path: '/console/campaigns/slots',
    loading: false,
    roles: CONSOLE_ROLES,
    summary: "The entry slots of the campaign's type: who holds each when, which are free for its window",
    query: z.object({ id: actIdSchema }),
    body: z.undefined(),
    data: entrySlotsSchema,
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
} as const;
