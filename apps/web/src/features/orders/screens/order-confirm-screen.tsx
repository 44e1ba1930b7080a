import { maskMobile, type RouteData } from '@campaign/contract/client';
import { type ReactNode, useMemo, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { regionText } from '#web/shared/lib/region-text';
import { Link, useNavigate, useSearchParams } from '#web/shared/navigation/navigation';
import { addressListPath, orderConfirmPath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { showToast } from '#web/shared/ui/feedback';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import { ORDER_STATE_VIEW, OrderStateBadge } from '#web/shared/ui/order-state';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { type MessageKey, t } from '../messages';
import { daysLeft, journeySteps, type Order, STATE_DESC } from '../model/order-view';
import './orders.css';

type Address = RouteData<'addressDetail'>;
type Snapshot = NonNullable<Order['address']>;

const ORDER_NOT_FOUND = 3101;
const ORDER_EXPIRED = 3102;

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

function AddressLines({ address }: { address: Snapshot | Address }) {
  return (
    <>
      <p className="order-addr__who">
        <b>{address.name}</b>
        <span>{maskMobile(address.mobile)}</span>
      </p>
      <p className="order-addr__where">
        {regionText(address.provinceName, address.cityName, address.districtName)} {address.detail}
      </p>
    </>
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

/** The address to confirm with: the one just chosen (`addNo`), else the customer's default. */
function useChosenAddress(addNo: string | null, enabled: boolean) {
  const chosen = useEndpointQuery(
    'addressDetail',
    { query: { addNo: addNo ?? '' } },
    {
      meta: { quiet: true },
      enabled: enabled && addNo !== null,
    },
  );
  const list = useEndpointQuery(
    'addressList',
    { query: { page_num: 1, page_size: 10 } },
    {
      meta: { quiet: true },
      enabled: enabled && addNo === null,
    },
  );
  if (addNo !== null) return { address: chosen.data ?? null, pending: chosen.isPending && enabled, none: false };
  const fallback = list.data?.list.find((a) => a.isDefault) ?? list.data?.list[0] ?? null;
  return { address: fallback, pending: list.isPending && enabled, none: list.data?.total === 0 };
}

function AwaitingAddress({ order, addNo }: { order: Order; addNo: string | null }) {
  const navigate = useNavigate();
  const { address, pending, none } = useChosenAddress(addNo, true);
  const [confirming, setConfirming] = useState(false);
  const confirm = useEndpointMutation('orderConfirm');
  // One key per order and address: a retried confirmation is the same confirmation.
  const key = useMemo(
    () => `${order.orderId}:${address?.addNo ?? ''}:${crypto.randomUUID()}`,
    [order.orderId, address?.addNo],
  );
  const days = daysLeft(order.addressDeadline, Date.now());

  const submit = async () => {
    setConfirming(false);
    if (!address) return;
    try {
      await confirm.mutateAsync({
        body: { orderId: order.orderId, addNo: address.addNo },
        idempotencyKey: key,
        quiet: true,
      });
      showToast(t('order.confirmed'));
      navigate(orderConfirmPath(order.orderId), { replace: true });
    } catch (error) {
      const failure = error instanceof CallFailure ? error : null;
      showToast(failure?.detail ?? t('request.failed'));
      if (failure?.code === ORDER_EXPIRED) navigate(orderConfirmPath(order.orderId), { replace: true });
    }
  };

  return (
    <>
      <section className="sub-card order-addr" aria-labelledby="order-addr-title">
        <h2 className="sub-card__title" id="order-addr-title">
          {t('order.address')}
        </h2>
        {pending ? <div className="order-addr__skeleton" /> : null}
        {!pending && address ? (
          <Link className="order-addr__pick" to={addressListPath(order.orderId)} data-testid="order-address">
            <span className="order-addr__pin" aria-hidden="true">
              <Icon name="home" size="1.6rem" />
            </span>
            <span className="order-addr__body">
              <AddressLines address={address} />
            </span>
            <span className="order-addr__change">
              {t('order.changeAddress')}
              <Icon name="chevron-right" size="1.2rem" />
            </span>
          </Link>
        ) : null}
        {!pending && !address ? (
          <Link className="order-addr__empty" to={addressListPath(order.orderId)} data-testid="order-address-add">
            <Icon name="home" size="1.8rem" />
            <span>{none ? t('order.addAddress') : t('order.pickAddress')}</span>
            <Icon name="chevron-right" size="1.3rem" />
          </Link>
        ) : null}
        <div className="order-addr__stripe" aria-hidden="true" />
      </section>
      <section className="sub-card order-window" data-testid="order-window">
        <Icon name="order-expired" size="1.6rem" />
        <p>
          {order.addressDeadline
            ? t('order.window', {
                at: formatDate(order.addressDeadline, 'YYYY-MM-DD HH:mm'),
                days: order.addressWindowDays,
              })
            : t('order.windowDays', { days: order.addressWindowDays })}
          {days !== null ? <b>{t('order.daysLeft', { n: days })}</b> : null}
        </p>
      </section>
      <div className="sub-footer">
        <button
          type="button"
          className="sub-cta"
          data-testid="order-confirm"
          disabled={!address || confirm.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('order.confirm')}
        </button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        variant="dialog"
        width="84%"
        title={t('order.confirmTitle')}
      >
        {address ? (
          <div className="order-dialog">
            <AddressLines address={address} />
            <p className="order-dialog__note">{t('order.confirmNote')}</p>
            <div className="sub-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                {t('order.back')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="order-confirm-ok"
                onClick={() => void submit()}
              >
                {t('order.confirmOk')}
              </button>
            </div>
          </div>
        ) : null}
      </Modal>
    </>
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
