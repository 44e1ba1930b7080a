import { lazy, type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { HOME_PATH } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { StoreCard } from '../components/store-card';
import { t } from '../messages';
import { type Located, locate } from '../model/locate';
import { matchesSearch } from '../model/store-view';
import './stores.css';

// The counter's screen is for staff only: its code (scanner included) loads when asked for.
const RedeemPanel = lazy(() => import('../components/redeem-panel').then((m) => ({ default: m.RedeemPanel })));

type LocateState = 'idle' | 'asking' | 'done' | 'failed';

export function mapNavigationPath(listId: string, storeId: string, where: Located | null): string {
  const q = new URLSearchParams({ listId, storeId });
  if (where) {
    q.set('lng', String(where.lng));
    q.set('lat', String(where.lat));
    q.set('coord', where.coord);
  }
  return `/lottStore/mapNavigation?${q}`;
}

type City = { cityCode: string; cityName: string; count: number };

function CityFilter({
  cities,
  city,
  onCity,
}: {
  cities: City[];
  city: string | null;
  onCity: (c: string | null) => void;
}) {
  return (
    <fieldset className="store-cities" aria-label={t('store.allCities')}>
      <button
        type="button"
        className={city === null ? 'store-city is-active' : 'store-city'}
        aria-pressed={city === null}
        onClick={() => onCity(null)}
      >
        {t('store.allCities')}
      </button>
      {cities.map((c) => (
        <button
          key={c.cityCode}
          type="button"
          className={city === c.cityName ? 'store-city is-active' : 'store-city'}
          aria-pressed={city === c.cityName}
          onClick={() => onCity(c.cityName)}
        >
          {c.cityName}
          <small>{c.count}</small>
        </button>
      ))}
    </fieldset>
  );
}

/** Asking for the customer's position (nearest stores first). */
function LocateBar({ locating, onAsk }: { locating: LocateState; onAsk: () => void }) {
  return (
    <div className={`store-locate is-${locating}`} data-testid="store-locate" data-state={locating}>
      <span>
        {locating === 'done'
          ? t('store.located')
          : locating === 'failed'
            ? t('store.locateFailed')
            : locating === 'asking'
              ? t('store.locating')
              : t('store.locateAsk')}
      </span>
      {locating !== 'done' ? (
        <button type="button" onClick={onAsk} disabled={locating === 'asking'}>
          {t('store.locate')}
        </button>
      ) : null}
    </div>
  );
}

/** A list's stores; with `prize` (a ticket's prize name), only the stores that accept it. */
function Stores({ listId, prize }: { listId: string; prize?: string | undefined }) {
  const [city, setCity] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search);
  const [where, setWhere] = useState<Located | null>(null);
  const [locating, setLocating] = useState<LocateState>('idle');
  const place = {
    ...(where ? { lng: where.lng, lat: where.lat, coord: where.coord } : {}),
    ...(prize ? { prize } : {}),
  };
  const all = useEndpointQuery('storeList', { query: { listId, ...place } }, { meta: { quiet: true } });
  const inCity = useEndpointQuery(
    'storeListByCity',
    { query: { listId, cityName: city ?? '', ...place } },
    { meta: { quiet: true }, enabled: city !== null },
  );
  const shown = city === null ? all : inCity;
  const ask = async () => {
    setLocating('asking');
    const found = await locate();
    setWhere(found);
    setLocating(found ? 'done' : 'failed');
  };

  let content: ReactNode;
  if (shown.isPending) content = <SubLoading rows={3} />;
  else if (shown.isError)
    content = (
      <SubState icon="empty" title={t('sub.loadFailed')} desc={shown.error.detail} testId="store-failed">
        <button type="button" className="btn btn-ghost" onClick={() => void shown.refetch()}>
          {t('act.retry')}
        </button>
      </SubState>
    );
  else {
    const list = shown.data.list.filter((s) => matchesSearch(s, needle));
    content =
      list.length === 0 ? (
        <SubState icon="empty" title={t('store.empty')} desc={t('store.emptyDesc')} testId="store-empty" />
      ) : (
        <>
          <p className="store-count" aria-live="polite">
            {t('store.count', { n: list.length })}
          </p>
          <ul className="sub-list" data-testid="store-list">
            {list.map((s) => (
              <StoreCard key={s.storeId} store={s} navigateTo={mapNavigationPath(listId, s.storeId, where)} />
            ))}
          </ul>
        </>
      );
  }
  const cities = all.data?.cities ?? [];
  return (
    <>
      <section className="sub-card store-tools">
        <label className="store-search">
          <Icon name="search" size="1.3rem" />
          <input
            type="search"
            value={search}
            placeholder={t('store.search')}
            aria-label={t('store.search')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="store-search"
          />
        </label>
        <CityFilter cities={cities} city={city} onCity={setCity} />
        <LocateBar locating={locating} onAsk={() => void ask()} />
      </section>
      {content}
    </>
  );
}

/** Which store list: `?listId=` directly, or the one redeeming `?actId=`'s prizes. */
function ListForActivity({ actId, prize }: { actId: string; prize?: string | undefined }) {
  const rel = useEndpointQuery('storeRelationList', { query: { actId } }, { meta: { quiet: true } });
  if (rel.isPending) return <SubLoading rows={3} />;
  const first = rel.data?.relations[0];
  if (!first)
    return <SubState icon="gift" title={t('store.noList')} desc={t('store.noListDesc')} testId="store-none" />;
  return <Stores listId={first.listId} prize={prize} />;
}

/**
 * /lottStore: the stores where an activity's prizes are redeemed (city, search, nearest first, open now,
 * call, navigate). `?mode=redeem`: the clerk's counter (staff only, checked by the server).
 */
export function StoreListScreen() {
  const [params] = useSearchParams();
  const listId = params.get('listId');
  const actId = params.get('actId');
  const prize = params.get('prize')?.trim().slice(0, 32) || undefined;
  if (params.get('mode') === 'redeem') {
    return (
      <SubPage
        title={t('redeem.title')}
        subtitle={t('redeem.sub')}
        fallback={HOME_PATH}
        className="store-page is-redeem"
      >
        <Suspense fallback={<SubLoading rows={2} />}>
          <RedeemPanel />
        </Suspense>
      </SubPage>
    );
  }
  return (
    <SubPage
      title={t('store.title')}
      subtitle={prize ? t('store.subPrize', { prize }) : t('store.sub')}
      fallback={HOME_PATH}
      className="store-page"
    >
      {listId ? (
        <Stores listId={listId} prize={prize} />
      ) : actId ? (
        <ListForActivity actId={actId} prize={prize} />
      ) : (
        <SubState icon="gift" title={t('store.noList')} desc={t('store.noListDesc')} testId="store-none" />
      )}
    </SubPage>
  );
}
