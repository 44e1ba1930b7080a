import type { ReactNode } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { orderConfirmPath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { ORDER_STATE_VIEW, OrderStateBadge } from '#web/shared/ui/order-state';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { AddressLines, AwaitingAddress } from '../components/awaiting-address';
import { type MessageKey, t } from '../messages';
import { journeySteps, type Order, STATE_DESC } from '../model/order-view';
import './orders.css';

const ORDER_NOT_FOUND = 3101;

function PrizeCard({ order }: { order: Order }) {
  return (
    <section className="sub-card order-prize" data-testid="order-prize">
      <div className="order-prize__art">
        <img src={imageUrl(order.image)} alt="" />
      </div>
      <div className="order-prize__main">
        <h2 className="order-prize__name">{order.prizeName}</h2>
        <p className="order-prize__meta">{order.activityTitle}</p>
        {order.valueCents > 0 ? (
          <p className="order-prize__value">{t('order.value', { value: yuan(order.valueCents) })}</p>
        ) : null}
      </div>
      <OrderStateBadge state={order.state} className="order-prize__badge" />
    </section>
  );
}

function Timeline({ order }: { order: Order }) {
  const steps = journeySteps(order);
  if (!steps) return null;
  return (
    <section className="sub-card" aria-labelledby="order-progress">
      <h2 className="sub-card__title" id="order-progress">
        {t('order.progress')}
      </h2>
      <ol className="order-steps">
        {steps.map((step) => (
          <li
            key={step.state}
            className={`order-step is-${step.status}`}
            aria-current={step.status === 'current' ? 'step' : undefined}
          >
            <span className="order-step__dot" aria-hidden="true">
              {step.status === 'done' ? <Icon name="check" size="1rem" /> : null}
            </span>
            <span className="order-step__label">{t(step.label)}</span>
            <span className="order-step__at">{step.at ? formatDate(step.at, 'MM-DD HH:mm') : ''}</span>
          </li>
        ))}
      </ol>
      {order.trackingNo ? (
        <p className="order-tracking">
          {t('order.tracking')} <code>{order.trackingNo}</code>
        </p>
      ) : null}
    </section>
  );
}

/** A payment-linked order's payment, as the payment side reported it (paid, failed, refunded). */
function PaymentLines({ order }: { order: Order }) {
  const at = (ms: number | null) => (ms === null ? null : formatDate(ms, 'YYYY-MM-DD HH:mm'));
  const lines: Array<[MessageKey, ReactNode]> = [];
  if (order.paymentId) lines.push(['order.paymentNo', <code key="id">{order.paymentId}</code>]);
  if (order.paidCents !== null) lines.push(['order.paidAmount', yuan(order.paidCents)]);
  if (order.paidAt !== null) lines.push(['order.paidAt', at(order.paidAt)]);
  if (order.paymentFailedAt !== null && order.state === 'payment_failed')
    lines.push(['order.paymentFailedAt', at(order.paymentFailedAt)]);
  if (order.refundedAt !== null) lines.push(['order.refundedAt', at(order.refundedAt)]);
  return lines.map(([label, value]) => (
    <p key={label} data-testid="order-payment">
      <span>{t(label)}</span>
      {value}
    </p>
  ));
}

function OrderDetail({ order, addNo }: { order: Order; addNo: string | null }) {
  const view = ORDER_STATE_VIEW[order.state];
  return (
    <>
      <PrizeCard order={order} />
      <section className={`sub-card order-status is-${view.tone}`} data-testid="order-status" data-state={order.state}>
        <span className="order-status__icon">
          <Icon name={view.icon} size="2.4rem" />
        </span>
        <div>
          <h2 className="order-status__title">{t(view.label)}</h2>
          <p className="order-status__desc">{t(STATE_DESC[order.state], { days: order.addressWindowDays })}</p>
        </div>
      </section>
      {order.state === 'awaiting_address' ? (
        <AwaitingAddress order={order} addNo={addNo} />
      ) : (
        <>
          <Timeline order={order} />
          {order.address ? (
            <section className="sub-card order-addr" aria-labelledby="order-snapshot">
              <h2 className="sub-card__title" id="order-snapshot">
                {t('order.shipTo')}
              </h2>
              <AddressLines address={order.address} />
              <div className="order-addr__stripe" aria-hidden="true" />
            </section>
          ) : null}
          <section className="sub-card order-meta">
            <p>
              <span>{t('order.number')}</span>
              <code>{order.orderId}</code>
            </p>
            <p>
              <span>{t('order.wonAt')}</span>
              {formatDate(order.createdAt, 'YYYY-MM-DD HH:mm')}
            </p>
            <PaymentLines order={order} />
          </section>
          <Link className="btn btn-ghost btn-block" to={PRIZES_PATH}>
            {t('act.myPrizes')}
          </Link>
        </>
      )}
    </>
  );
}

function OrderList() {
  const orders = useEndpointQuery('orderList', {}, { meta: { quiet: true } });
  if (orders.isPending) return <SubLoading />;
  if (orders.isError) return <SubState icon="empty" title={t('sub.loadFailed')} desc={orders.error.detail} />;
  if (orders.data.length === 0) return <SubState icon="orders" title={t('order.none')} desc={t('order.noneDesc')} />;
  return (
    <ul className="sub-list order-list">
      {orders.data.map((o) => (
        <li key={o.orderId}>
          <Link className="sub-card order-row" to={orderConfirmPath(o.orderId)} data-testid="order-row">
            <img src={imageUrl(o.image)} alt="" />
            <span className="order-row__main">
              <b>{o.prizeName}</b>
              <small>{formatDate(o.createdAt, 'YYYY-MM-DD')}</small>
            </span>
            <OrderStateBadge state={o.state} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /orderConfirm?orderId=…[&addNo=…]: a physical prize becomes an order. Awaiting an address it shows
 * the prize, the address (chosen on /addressList, else the default) and the deadline, and confirms;
 * in every later state it shows where the order stands. Without an orderId: the customer's orders.
 */
export function OrderConfirmScreen() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const addNo = params.get('addNo');
  const order = useEndpointQuery(
    'orderDetail',
    { query: { orderId: orderId ?? '' } },
    {
      meta: { quiet: true },
      enabled: orderId !== null,
    },
  );
  const expired = useLoginWhenExpired(order.error);

  let body: ReactNode;
  if (orderId === null) body = <OrderList />;
  else if (order.data) body = <OrderDetail order={order.data} addNo={addNo} />;
  else if (order.isError && !expired)
    body = (
      <SubState
        icon="order-closed"
        title={order.error.code === ORDER_NOT_FOUND ? t('order.notFound') : t('sub.loadFailed')}
        desc={order.error.detail}
      >
        <Link className="btn btn-ghost" to={PRIZES_PATH}>
          {t('act.myPrizes')}
        </Link>
      </SubState>
    );
  else body = <SubLoading rows={3} />;

  return (
    <SubPage
      title={orderId ? t('order.title') : t('order.listTitle')}
      subtitle={t('order.sub')}
      fallback={PRIZES_PATH}
      className={order.data?.state === 'awaiting_address' ? 'has-footer' : undefined}
    >
      {body}
    </SubPage>
  );
}
