import { z } from 'zod';
import { actIdSchema, empty } from '../common';
import { endpoint } from '../endpoint';
import type { ErrorName } from '../errors';
import { ACTIVITY_STATUSES, actQuery, PRIZE_KINDS, pageConfigSchema } from './activity';
import { AWARD_STATUSES } from './prizes';

/** The activity types that are offers (claimed once, no draw): docs/decisions/0200-offers-are-activities.md. */
export const OFFER_TYPES = ['newCustomer', 'newUser'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
/** An activity type that is an offer (claimed once through growth, never drawn). */
export const isOfferType = (type: string): type is OfferType => (OFFER_TYPES as readonly string[]).includes(type);

/**
 * Why a customer may not take an offer or invite for it: the designed "not eligible" state says which.
 * corp = the corp is not on the white list; cgroup = not in the named customer groups; not-new = joined
 * before the offer's new-customer date; not-first-use = used the app before the offer began.
 */
export const OFFER_BLOCKS = ['corp', 'cgroup', 'not-new', 'not-first-use'] as const;
export type OfferBlock = (typeof OFFER_BLOCKS)[number];

export const offerGiftSchema = z.object({
  prizeId: z.string(),
  name: z.string(),
  image: z.string(),
  kind: z.enum(PRIZE_KINDS),
  valueCents: z.number().int(),
  /** null = unlimited. A gift released on a schedule (ADR 0063): what is released and not taken. */
  left: z.number().int().nullable(),
  /** A paced gift's next release (epoch ms); null when none comes or nothing is left for one. */
  nextReleaseAt: z.number().int().nullable().optional(),
});

export const offerClaimSchema = z.object({
  awardId: z.string(),
  claimedAt: z.number().int(),
  prizeName: z.string(),
  /** The coupon's code when the gift is a coupon (none while a gift worth more than the corp's threshold waits). */
  couponCode: z.string().nullable(),
  /** `pending_approval`: held for a bank approver; `declined`: the approver refused it. */
  status: z.enum(AWARD_STATUSES),
});
export type OfferClaim = z.infer<typeof offerClaimSchema>;

export const offerSchema = z.object({
  actId: z.string(),
  type: z.enum(OFFER_TYPES),
  title: z.string(),
  subtitle: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  rulesHtml: z.string(),
  page: pageConfigSchema,
  gift: offerGiftSchema,
  /** The customer's join date (new customer) or first use (new user) and the date it is compared with. */
  joinedAt: z.number().int(),
  newSince: z.number().int(),
  /** null = this customer may claim (window and stock aside). */
  blocked: z.enum(OFFER_BLOCKS).nullable(),
  claim: offerClaimSchema.nullable(),
  /** Whether inviting friends is set up for this offer (the share page). */
  invites: z.boolean(),
});
export type Offer = z.infer<typeof offerSchema>;

export const inviteTaskSchema = z.object({
  actId: z.string(),
  perDay: z.number().int(),
  perSeason: z.number().int(),
  countedToday: z.number().int(),
  countedSeason: z.number().int(),
  linkTtlHours: z.number().int(),
  endsAt: z.number().int(),
  /** null = this customer may invite; otherwise why not (the designed state). */
  blocked: z.enum(OFFER_BLOCKS).nullable(),
});
export type InviteTask = z.infer<typeof inviteTaskSchema>;

export const inviteLinkSchema = z.object({
  /** The path and query an invitee opens (relative to the site): the signed token rides in `invite`. */
  path: z.string(),
  token: z.string(),
  expiresAt: z.number().int(),
  /** A QR code of the full link, as an SVG document. */
  qrSvg: z.string(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

export const inviteSuccessSchema = z.object({
  total: z.number().int(),
  list: z.array(z.object({ inviteeMasked: z.string(), countedAt: z.number().int() })),
});
export type InviteSuccess = z.infer<typeof inviteSuccessSchema>;

/** Growth: new-customer and new-user offers, invites with QR codes (spec §2, §7). */
/** What acting on an offer may be refused with: no such offer, or its activity not open now. */
const LIVE_OFFER_ERRORS = [
  'OFFER_NOT_FOUND',
  'ACTIVITY_NOT_FOUND',
  'ACTIVITY_NOT_STARTED',
  'ACTIVITY_ENDED',
  'ACTIVITY_PAUSED',
  'OFFER_NOT_ELIGIBLE',
] as const satisfies readonly ErrorName[];

export const growthEndpoints = {
  offerDetail: endpoint({
    method: 'GET',
    path: '/offer/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'growth',
    errors: ['OFFER_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
    summary: 'A new-customer or new-user offer: the gift, the rule, whether this customer may claim, their claim',
    query: actQuery,
    body: z.undefined(),
    data: offerSchema,
  }),
  offerClaim: endpoint({
    method: 'POST',
    path: '/offer/claim',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'growth',
    errors: [
      ...LIVE_OFFER_ERRORS,
      'OFFER_SOLD_OUT',
      'OFFER_PACED_OUT',
      'RISK_REFUSED',
      'RISK_STEP_UP',
      'RISK_UNAVAILABLE',
      'INTERNAL',
    ],
    summary: 'Claim the offer: once per customer; the gift lands in the prize list',
    query: empty,
    body: actQuery,
    data: z.object({ claim: offerClaimSchema, replayed: z.boolean() }),
  }),
  inviteTaskDetail: endpoint({
    method: 'GET',
    path: '/invite/task',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'growth',
    errors: ['OFFER_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'INVITE_NOT_SET_UP'],
    summary: "The invite task: caps per day and season and the customer's counted invites",
    query: actQuery,
    body: z.undefined(),
    data: inviteTaskSchema,
  }),
  inviteQrCode: endpoint({
    method: 'POST',
    path: '/invite/qrcode',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'growth',
    errors: [...LIVE_OFFER_ERRORS, 'INVITE_NOT_SET_UP', 'INVITE_ORIGIN_REFUSED'],
    summary:
      "A signed, expiring invite link of the customer's and its QR code (SVG); the origin must be the corp's own H5",
    query: empty,
    // The H5's own origin (location.origin): the QR holds the full link; the token alone is signed.
    body: actQuery.extend({
      origin: z
        .string()
        .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/)
        .max(200),
    }),
    data: inviteLinkSchema,
  }),
  inviteSuccessInfo: endpoint({
    method: 'POST',
    path: '/invite/success',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'growth',
    errors: ['OFFER_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'INVITE_NOT_SET_UP'],
    summary: 'Who the customer invited successfully (masked), newest first',
    query: empty,
    body: actQuery,
    data: inviteSuccessSchema,
  }),
  inviteAccept: endpoint({
    method: 'POST',
    path: '/invite/accept',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'growth',
    errors: [
      ...LIVE_OFFER_ERRORS,
      'INVITE_NOT_SET_UP',
      'INVITE_CAP',
      'INVITE_LINK_EXPIRED',
      'INVITE_LINK_INVALID',
      'INVITE_NOT_NEW',
      'INVITE_SELF',
      'INVITE_TAKEN',
      'RISK_REFUSED',
      'RISK_STEP_UP',
      'RISK_UNAVAILABLE',
    ],
    summary: 'The logged-in invitee presents the signed token of the link they opened; a valid one is counted once',
    query: empty,
    body: z.object({ token: z.string().min(10).max(512) }),
    data: z.object({ actId: actIdSchema, counted: z.boolean() }),
  }),
} as const;
