import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { homePath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { BackControl } from '#web/shared/ui/back-control';
import { useActivityDetail, useActivityGroup } from '../api/activity-queries';
import { ActivityCard } from '../components/activity-card';
import { FestiveDecor } from '../components/activity-frame';
import { StatePanel } from '../components/state-panel';
import { WinnersMarquee } from '../components/winners-marquee';
import { t } from '../messages';
import { mergeWinners } from '../model/activity-data';
import '../components/activity.css';
import './activity-v2-screen.css';

/** /v2/activity?actGroupId=… or ?actId=…: the landing of a group (or one activity) linking to its games. */
export function ActivityV2Screen() {
  const [params] = useSearchParams();
  const groupParam = params.get('actGroupId');
  const actId = params.get('actId');
  // ?actId=… names its group through its detail; ?actGroupId=… is read at once.
  const detailQuery = useActivityDetail(groupParam ? null : actId);
  const detail = detailQuery.data;
  const groupId = groupParam ?? detail?.actGroupId ?? null;
  const { group, details, winners: winnerLists } = useActivityGroup(groupId);

  const detailMissing = !groupParam && (!actId || detail === null || (detailQuery.isError && !detailQuery.isFetching));
  const status: 'loading' | 'ready' | 'missing' = groupId
    ? group === undefined
      ? 'loading'
      : group === null
        ? 'missing'
        : 'ready'
    : detailMissing
      ? 'missing'
      : detail
        ? 'ready'
        : 'loading';
  const cards = group
    ? group.showActIds.map((id) => details.get(id)).filter((d) => d !== null && d !== undefined)
    : detail
      ? [detail]
      : [];
  const winners = mergeWinners([...winnerLists.values()]);
  const first = cards[0];
  return (
    <div className="act-page v2">
      <FestiveDecor lanterns="right" />
      <BackControl fallback={homePath()} />
      <header className="act-hero">
        {first?.page.ribbon ? <p className="act-hero__kicker">{first.page.ribbon}</p> : null}
        <h1 className="act-hero__title">{t('v2.heading')}</h1>
        {first && <p className="act-hero__sub">{first.subtitle}</p>}
      </header>
      <main className="act-stage v2-stage">
        {status === 'loading' && <StatePanel gate="loading" />}
        {status === 'missing' && <StatePanel gate="missing" />}
        {status === 'ready' && (
          <>
            <h2 className="v2-games">{t('v2.games')}</h2>
            <div className="act-tiles" data-testid="v2-list">
              {cards.map((d) => (
                <ActivityCard key={d.actId} activity={d} />
              ))}
            </div>
          </>
        )}
      </main>
      <WinnersMarquee winners={winners} />
      <nav className="act-links" data-testid="v2-links">
        <Link className="act-links__item" to={PRIZES_PATH}>
          {t('act.myPrizes')}
        </Link>
        <Link className="act-links__item" to={homePath()}>
          {t('act.park')}
        </Link>
      </nav>
    </div>
  );
}
