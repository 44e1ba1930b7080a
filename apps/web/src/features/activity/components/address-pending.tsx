import { Link } from '#web/shared/navigation/navigation';
import { orderConfirmPath } from '#web/shared/navigation/paths';
import { t } from '../messages';

/**
 * A physical prize waiting for its delivery address: a link to its order (/orderConfirm, the orders
 * feature), by URL. `windowDays` is the activity's address window, as its rules page states it.
 */
export function AddressPending({
  className,
  orderId,
  windowDays,
}: {
  className?: string;
  orderId: string | null;
  windowDays?: number;
}) {
  return (
    <div className={['act-address-pending', className ?? ''].filter(Boolean).join(' ')} data-testid="address-pending">
      <p className="act-address-pending__status">{t('act.address.pending')}</p>
      {windowDays !== undefined ? (
        <p className="act-address-pending__note">{t('act.address.window', { days: windowDays })}</p>
      ) : null}
      {orderId ? (
        <Link className="act-address-pending__go" to={orderConfirmPath(orderId)} data-testid="address-pending-go">
          {t('act.address.fill')}
        </Link>
      ) : null}
    </div>
  );
}
