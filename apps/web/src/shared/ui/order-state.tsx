import type { RouteData } from '@campaign/contract/client';
import { type MessageKey, t } from '../i18n/messages';
import { Icon } from './icon';
import type { IconName } from './icon-sprite';
import './order-state.css';

export type OrderState = RouteData<'orderDetail'>['state'];

/** How the customer should read a state: waiting on them, on its way, done, or stopped. */
export type OrderTone = 'action' | 'progress' | 'done' | 'stopped';

/**
 * Every order state with the spec's order-state icon (paid, used, expired, closed, payment failed,
 * refund; the journey states borrow "orders" and "check") and its label. The orders screen and the
 * prize list both show states through this table, so a state reads the same everywhere.
 */
export const ORDER_STATE_VIEW: Record<OrderState, { icon: IconName; label: MessageKey; tone: OrderTone }> = {
  awaiting_address: { icon: 'orders', label: 'order.state.awaiting_address', tone: 'action' },
  confirmed: { icon: 'check', label: 'order.state.confirmed', tone: 'progress' },
  shipped: { icon: 'order-paid', label: 'order.state.shipped', tone: 'progress' },
  delivered: { icon: 'order-used', label: 'order.state.delivered', tone: 'done' },
  expired: { icon: 'order-expired', label: 'order.state.expired', tone: 'stopped' },
  closed: { icon: 'order-closed', label: 'order.state.closed', tone: 'stopped' },
  paid: { icon: 'order-paid', label: 'order.state.paid', tone: 'progress' },
  payment_failed: { icon: 'order-pay-failed', label: 'order.state.payment_failed', tone: 'stopped' },
  refunded: { icon: 'order-refund', label: 'order.state.refunded', tone: 'stopped' },
};

export function OrderStateBadge({ state, className }: { state: OrderState; className?: string }) {
  const view = ORDER_STATE_VIEW[state];
  return (
    <span
      className={['order-badge', `is-${view.tone}`, className ?? ''].filter(Boolean).join(' ')}
      data-testid="order-state"
      data-state={state}
    >
      <Icon name={view.icon} size="1.3rem" />
      {t(view.label)}
    </span>
  );
}
