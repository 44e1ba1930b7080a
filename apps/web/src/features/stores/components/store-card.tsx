import { Link } from '#web/shared/navigation/navigation';
import { Icon } from '#web/shared/ui/icon';
import { t } from '../messages';
import { formatDistance, type Store } from '../model/store-view';

/** One store: open now or closed, distance, address, today's hours, call and navigate. */
export function StoreCard({ store, navigateTo }: { store: Store; navigateTo: string }) {
  const distance = formatDistance(store.distanceM);
  return (
    <li className="store-card" data-testid="store-card" data-store={store.storeId}>
      <div className="store-card__head">
        <h3 className="store-card__name">{store.name}</h3>
        <span className={store.openNow ? 'store-badge is-open' : 'store-badge is-closed'}>
          {store.openNow ? t('store.open') : t('store.closed')}
        </span>
        {distance ? (
          <span className="store-card__distance" data-testid="store-distance">
            {distance}
          </span>
        ) : null}
      </div>
      <p className="store-card__address">{store.address}</p>
      <p className="store-card__hours">
        <svg className="store-card__clock" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        {store.todayHours ? t('store.today', { hours: store.todayHours }) : t('store.closedToday')}
      </p>
      <div className="store-card__actions">
        <a
          className="store-btn"
          href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
          aria-label={`${t('store.call')} ${store.phone}`}
        >
          <Icon name="phone" size="1.2rem" />
          {t('store.call')}
        </a>
        <Link className="store-btn is-primary" to={navigateTo} data-testid="store-navigate">
          <Icon name="chevron-right" size="1.2rem" />
          {t('store.navigate')}
        </Link>
      </div>
    </li>
  );
}
