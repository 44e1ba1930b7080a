import { lazy, Suspense } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { bridge } from '#web/bridge/bridge';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { Icon } from '#web/shared/ui/icon';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { StoreSchematic } from '../components/store-schematic';
import { type MessageKey, t } from '../messages';
import {
  bridgeTarget,
  dayRanges,
  formatDistance,
  MAP_APPS,
  type MapApp,
  mapLink,
  type StoreDetail,
} from '../model/store-view';
import './stores.css';

const LeafletMap = lazy(() => import('../components/leaflet-map').then((m) => ({ default: m.LeafletMap })));

const APP_LABEL: Record<MapApp, MessageKey> = {
  amap: 'store.app.amap',
  baidu: 'store.app.baidu',
  tencent: 'store.app.tencent',
  apple: 'store.app.apple',
};

/** Inside the host app the bridge opens the map app; elsewhere (or when the host cannot) the plain link does. */
function NavButtons({ store }: { store: StoreDetail }) {
  const target = { name: store.name, address: store.address, coords: store.coords };
  return (
    <section className="sub-card store-nav" aria-label={t('store.navWith')}>
      <h2 className="sub-card__title">{t('store.navWith')}</h2>
      <div className="store-nav__apps">
        {MAP_APPS.map((app) => {
          const href = mapLink(app, target);
          return (
            <a
              key={app}
              className={`store-nav__app is-${app}`}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`nav-${app}`}
              onClick={(e) => {
                const b = bridge();
                if (!b.host.embedded) return;
                e.preventDefault();
                b.openMap(bridgeTarget(app, target)).catch(() => {
                  window.location.href = href;
                });
              }}
            >
              <span className="store-nav__logo" aria-hidden="true">
                {t(APP_LABEL[app]).slice(0, 1)}
              </span>
              {t(APP_LABEL[app])}
            </a>
          );
        })}
      </div>
    </section>
  );
}

function Hours({ store }: { store: StoreDetail }) {
  return (
    <ul className="store-hours">
      {store.hours.map((h) => {
        const days = dayRanges(h.days)
          .map(([from, to]) =>
            from === to
              ? t(`store.day.${from}`)
              : t('store.days', { from: t(`store.day.${from}`), to: t(`store.day.${to}`) }),
          )
          .join(t('text.listSeparator'));
        const span = h.open === '00:00' && h.close === '24:00' ? t('store.allDay') : `${h.open}-${h.close}`;
        return (
          <li key={`${h.days.join()}-${h.open}`}>
            <span>{days}</span>
            <b>{span}</b>
          </li>
        );
      })}
    </ul>
  );
}

type Place = { lng?: number; lat?: number; coord?: 'wgs84' | 'gcj02' };

function StoreMap({ listId, storeId, place }: { listId: string; storeId: string; place: Place }) {
  const detail = useEndpointQuery(
    'storeListDetail',
    { body: { listId, storeId, ...place } },
    { meta: { quiet: true } },
  );
  const key = useEndpointQuery('mapProviderKey', {}, { meta: { quiet: true }, staleTime: 3_600_000 });
  if (detail.isPending) return <SubLoading rows={3} />;
  if (detail.isError)
    return <SubState icon="empty" title={t('sub.loadFailed')} desc={detail.error.detail} testId="store-failed" />;
  const store = detail.data;
  const tiles = key.data?.tileUrl ? { ...key.data, tileUrl: key.data.tileUrl } : null;
  const distance = formatDistance(store.distanceM);
  return (
    <>
      <section className="sub-card store-mapcard">
        {tiles ? (
          <Suspense fallback={<div className="store-map is-loading">{t('store.mapLoading')}</div>}>
            <LeafletMap store={store} tiles={tiles} />
          </Suspense>
        ) : (
          <StoreSchematic store={store} nearby={store.nearby} />
        )}
      </section>
      <section className="sub-card store-detail" data-testid="store-detail">
        <div className="store-card__head">
          <h2 className="store-card__name">{store.name}</h2>
          <span className={store.openNow ? 'store-badge is-open' : 'store-badge is-closed'}>
            {store.openNow ? t('store.open') : t('store.closed')}
          </span>
          {distance ? <span className="store-card__distance">{distance}</span> : null}
        </div>
        <p className="store-card__address">{store.address}</p>
        <h3 className="store-detail__label">{t('store.hours')}</h3>
        <Hours store={store} />
        <a className="store-btn store-detail__call" href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>
          <Icon name="phone" size="1.2rem" />
          {t('store.call')} {store.phone}
        </a>
      </section>
      <NavButtons store={store} />
    </>
  );
}

/** /lottStore/mapNavigation?listId&storeId[&lng&lat&coord]: one store on the map, and "navigate". */
export function MapNavigationScreen() {
  const [params] = useSearchParams();
  const listId = params.get('listId') ?? '';
  const storeId = params.get('storeId') ?? '';
  const lng = Number(params.get('lng'));
  const lat = Number(params.get('lat'));
  const located = params.has('lng') && Number.isFinite(lng) && Number.isFinite(lat);
  const place: Place = located ? { lng, lat, coord: params.get('coord') === 'gcj02' ? 'gcj02' : 'wgs84' } : {};
  return (
    <SubPage
      title={t('title.mapNavigation')}
      fallback={listId ? `/lottStore?listId=${listId}` : '/lottStore'}
      className="store-page"
    >
      {listId && storeId ? (
        <StoreMap listId={listId} storeId={storeId} place={place} />
      ) : (
        <SubState icon="empty" title={t('store.empty')} desc={t('store.emptyDesc')} testId="store-none" />
      )}
    </SubPage>
  );
}
