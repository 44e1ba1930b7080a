import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';
import { addNoSchema } from './addresses';

/**
 * A physical prize's order (docs/decisions/0040-orders-and-claims.md): awaiting_address → confirmed →
 * shipped → delivered; awaiting_address → expired when no address is given within the activity's
 * address window; → closed by an operator. Payment-linked orders may show paid, payment_failed, refunded.
 */
export const ORDER_STATES = [
  'awaiting_address',
  'confirmed',
  'shipped',
  'delivered',
  'expired',
  'closed',
  'paid',
  'payment_failed',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** The address as it was when the order was confirmed: later address edits never change it. */
export const addressSnapshotSchema = z.object({
  name: z.string(),
  mobile: z.string(),
  provinceName: z.string(),
  cityName: z.string(),
  districtName: z.string(),
  districtCode: z.string(),
  detail: z.string(),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  awardId: z.string(),
  actId: z.string(),
  activityTitle: z.string(),
  prizeName: z.string(),
  image: z.string(),
  valueCents: z.number().int(),
  state: z.enum(ORDER_STATES),
  address: addressSnapshotSchema.nullable(),
  /** Days the customer has to give an address (the activity's addressWindowDays, as the rules page says). */
  addressWindowDays: z.number().int(),
  /** Until when an address can be given; null once confirmed. */
  addressDeadline: z.number().int().nullable(),
  trackingNo: z.string().nullable(),
  createdAt: z.number().int(),
  confirmedAt: z.number().int().nullable(),
  shippedAt: z.number().int().nullable(),
  deliveredAt: z.number().int().nullable(),
  closedAt: z.number().int().nullable(),
  /** Payment-linked orders: the payment that paid it, its amount, and when each payment state came. */
  paymentId: z.string().nullable(),
  paidCents: z.number().int().nullable(),
  paidAt: z.number().int().nullable(),
  paymentFailedAt: z.number().int().nullable(),
  refundedAt: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

const orderIdQuery = z.object({ orderId: orderIdSchema });

/** Orders for physical prizes and goods exchanges (spec §2 /orderConfirm); owned by the prizes module. */
export const ordersEndpoints = {
  orderList: endpoint({
    method: 'GET',
    path: '/order/list',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'orders',
    errors: [],
    summary: "The customer's orders, newest first",
    query: z.object({ state: z.enum(ORDER_STATES).optional() }),
    body: z.undefined(),
    data: z.array(orderSchema),
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: '/order/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'orders',
    errors: ['ORDER_NOT_FOUND'],
    summary: 'One order (the /orderConfirm screen)',
    query: orderIdQuery,
    body: z.undefined(),
    data: orderSchema,
  }),
  orderConfirm: endpoint({
    method: 'POST',
    path: '/v2/order/confirm',
    version: 'v2',
    loading: true,
    access: 'user',
    tag: 'orders',
    errors: [
      'ADDRESS_NOT_FOUND',
      'ORDER_NOT_FOUND',
      'ORDER_EXPIRED',
      'ORDER_STATE',
      // A risk-checked campaign's exchange is judged by the risk engine (ADR 0060).
      'RISK_REFUSED',
      'RISK_STEP_UP',
      'RISK_UNAVAILABLE',
    ],
    summary: 'Give an order its address: the address is copied into the order once, in one transaction',
    idempotent: true,
    query: empty,
    body: z.object({ orderId: orderIdSchema, addNo: addNoSchema }),
    data: orderSchema,
  }),
} as const;
