import type { RouteData } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

export type Order = RouteData<'orderDetail'>;

/** The delivery journey as steps; payment and stop states are shown as a panel instead. */
export const JOURNEY = ['awaiting_address', 'confirmed', 'shipped', 'delivered'] as const;
type JourneyState = (typeof JOURNEY)[number];

export interface Step {
  state: JourneyState;
  label: MessageKey;
  at: number | null;
  status: 'done' | 'current' | 'todo';
}

const STEP_LABEL: Record<JourneyState, MessageKey> = {
  awaiting_address: 'order.step.won',
  confirmed: 'order.step.confirmed',
  shipped: 'order.step.shipped',
  delivered: 'order.step.delivered',
};

function isJourney(state: Order['state']): state is JourneyState {
  return (JOURNEY as readonly string[]).includes(state);
}

/** The steps of an order on the delivery journey, or null for states off it (expired, closed, payments). */
export function journeySteps(order: Order): Step[] | null {
  if (!isJourney(order.state)) return null;
  const reached = JOURNEY.indexOf(order.state);
  const at: Record<JourneyState, number | null> = {
    awaiting_address: order.createdAt,
    confirmed: order.confirmedAt,
    shipped: order.shippedAt,
    delivered: order.deliveredAt,
  };
  return JOURNEY.map((state, i) => ({
    state,
    label: STEP_LABEL[state],
    at: i <= reached ? at[state] : null,
    status: i < reached || (i === reached && state === 'delivered') ? 'done' : i === reached ? 'current' : 'todo',
  }));
}

/** What the customer is told about each state, under the badge. */
export const STATE_DESC: Record<Order['state'], MessageKey> = {
  awaiting_address: 'order.desc.awaiting_address',
  confirmed: 'order.desc.confirmed',
  shipped: 'order.desc.shipped',
  delivered: 'order.desc.delivered',
  expired: 'order.desc.expired',
  closed: 'order.desc.closed',
  paid: 'order.desc.paid',
  payment_failed: 'order.desc.payment_failed',
  refunded: 'order.desc.refunded',
};

/** Whole days (rounded up) until the address deadline; 0 once it has passed; null without one. */
export function daysLeft(deadline: number | null, now: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 86_400_000));
}
