import { maskMobile, type RouteData } from '@campaign/contract/client';
import { useMemo, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { formatDate } from '#web/shared/lib/format-date';
import { regionText } from '#web/shared/lib/region-text';
import { Link, useNavigate } from '#web/shared/navigation/navigation';
import { addressListPath, orderConfirmPath } from '#web/shared/navigation/paths';
import { showToast } from '#web/shared/ui/feedback';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import { t } from '../messages';
import { daysLeft, type Order } from '../model/order-view';

type Address = RouteData<'addressDetail'>;
type Snapshot = NonNullable<Order['address']>;

const ORDER_EXPIRED = 3102;

export function AddressLines({ address }: { address: Snapshot | Address }) {
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
/** Confirming the order with an address: one idempotency key per order and address. */
function useConfirmOrder(order: Order, address: Address | null) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const confirm = useEndpointMutation('orderConfirm');
  // One key per order and address: a retried confirmation is the same confirmation.
  const key = useMemo(
    () => `${order.orderId}:${address?.addNo ?? ''}:${crypto.randomUUID()}`,
    [order.orderId, address?.addNo],
  );

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

  return { confirming, setConfirming, busy: confirm.isPending, submit };
}

/** The address the order will go to (a link to change it), or the way to add or pick one. */
function AddressSection(props: { order: Order; address: Address | null; pending: boolean; none: boolean }) {
  const { order, address, pending, none } = props;
  return (
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
  );
}

/** The window to confirm an address in, and the days left. */
function WindowNote({ order }: { order: Order }) {
  const days = daysLeft(order.addressDeadline, Date.now());
  return (
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
  );
}

function ConfirmDialog(props: { address: Address | null; open: boolean; onClose: () => void; onOk: () => void }) {
  const { address, open, onClose, onOk } = props;
  return (
    <Modal open={open} onClose={onClose} variant="dialog" width="84%" title={t('order.confirmTitle')}>
      {address ? (
        <div className="order-dialog">
          <AddressLines address={address} />
          <p className="order-dialog__note">{t('order.confirmNote')}</p>
          <div className="sub-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('order.back')}
            </button>
            <button type="button" className="btn btn-primary" data-testid="order-confirm-ok" onClick={onOk}>
              {t('order.confirmOk')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** An order waiting for its address: choose one, then confirm it (it cannot change afterwards). */
export function AwaitingAddress({ order, addNo }: { order: Order; addNo: string | null }) {
  const { address, pending, none } = useChosenAddress(addNo, true);
  const { confirming, setConfirming, busy, submit } = useConfirmOrder(order, address);
  return (
    <>
      <AddressSection order={order} address={address} pending={pending} none={none} />
      <WindowNote order={order} />
      <div className="sub-footer">
        <button
          type="button"
          className="sub-cta"
          data-testid="order-confirm"
          disabled={!address || busy}
          onClick={() => setConfirming(true)}
        >
          {t('order.confirm')}
        </button>
      </div>
      <ConfirmDialog
        address={address}
        open={confirming}
        onClose={() => setConfirming(false)}
        onOk={() => void submit()}
      />
    </>
  );
}
