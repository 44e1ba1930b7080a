import { t } from '../../../shared/i18n/messages';

/**
 * A physical prize waiting for its delivery address. The address screens (/addressList …) come in a
 * later issue: until that route exists this says so instead of linking to a page that would be a 404.
 */
export function AddressPending({ className, withStatus = true }: { className?: string; withStatus?: boolean }) {
  return (
    <div className={['act-address-pending', className ?? ''].filter(Boolean).join(' ')} data-testid="address-pending">
      {withStatus && <p className="act-address-pending__status">{t('act.address.pending')}</p>}
      <p className="act-address-pending__note">{t('act.address.soon')}</p>
    </div>
  );
}
