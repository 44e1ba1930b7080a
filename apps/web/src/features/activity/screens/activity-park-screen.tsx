import { useEndpointQuery } from '#web/api/endpoint-query';
import { Link } from '#web/shared/navigation/navigation';
import { PRIZES_PATH } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { ActivityCard } from '../components/activity-card';
import { FestiveDecor } from '../components/activity-frame';
import { StatePanel } from '../components/state-panel';
import { t } from '../messages';
import './activity-park-screen.css';

/** /activityPark: the corp's published activities as cards, live ones first. */
export function ActivityParkScreen() {
  // Failures are logged and shown as the offline panel with its retry (quiet: no toast on top).
  const park = useEndpointQuery('activityPark', {}, { meta: { quiet: true } });
  const items = park.data ?? (park.isError && !park.isFetching ? null : undefined);
  const order = { live: 0, scheduled: 1, paused: 2, ended: 3, draft: 4 } as const;
  const sorted = items ? [...items].sort((a, b) => order[a.status] - order[b.status]) : [];
  return (
    <div className="act-sheet park">
      <header className="act-sheet__hero park-hero">
        <FestiveDecor />
        <h1 className="act-sheet__title">{t('park.heading')}</h1>
        <p className="act-sheet__sub">{t('park.desc')}</p>
      </header>
      <div className="act-sheet__body">
        {/* The corp's home: the customer's prizes are one tap from here. */}
        <Link className="act-panel park-mine" to={PRIZES_PATH} data-testid="park-my-prizes">
          <span className="park-mine__icon">
            <Icon name="gift" size="2rem" />
          </span>
          <span className="park-mine__text">
            <strong>{t('park.myPrizes')}</strong>
            <small>{t('park.myPrizesDesc')}</small>
          </span>
          <Icon name="chevron-right" size="1.4rem" className="park-mine__go" />
        </Link>
        {items === undefined && <StatePanel gate="loading" />}
        {items === null && <StatePanel gate="offline" onRetry={() => void park.refetch()} />}
        {items && items.length === 0 && (
          <section className="act-panel park-empty">
            <Icon name="empty" size="10rem" />
            <p>{t('park.empty')}</p>
          </section>
        )}
        {items && items.length > 0 && (
          <div className="act-tiles" data-testid="park-list">
            {sorted.map((a) => (
              <ActivityCard key={a.actId} activity={a} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
