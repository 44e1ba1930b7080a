import type { RouteData } from '@campaign/contract/client';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { Link } from '#web/shared/navigation/navigation';
import { PRIZES_PATH } from '#web/shared/navigation/paths';
import { showToast } from '#web/shared/ui/feedback';
import { SeasonFrame, SeasonSkeleton, SeasonState } from '../components/season-frame';
import { useSeasonActId, useServerNow } from '../components/use-season';
import { t } from '../messages';
import { pad2, SEASON_PATHS, seasonLink, timeLeft } from '../model/season-view';

type Home = RouteData<'seasonHome'>;

function Countdown({ endsAt, serverTime, over }: { endsAt: number; serverTime: number; over: boolean }) {
  const now = useServerNow(serverTime);
  const left = timeLeft(endsAt, now);
  if (over || left.over) return <p className="season-countdown is-over">{t('season.ended')}</p>;
  return (
    <p className="season-countdown" data-testid="season-countdown">
      <span className="season-countdown__label">{t('season.endsIn')}</span>
      <b>{left.d}</b>
      {t('season.days')}
      <b>{pad2(left.h)}</b>:<b>{pad2(left.m)}</b>:<b>{pad2(left.s)}</b>
    </p>
  );
}
/** The customer's season points and rank, and the account's wallet. */
function Standing({ d, wallet }: { d: Home; wallet: number | undefined }) {
  return (
    <section className="season-card season-me" aria-label={t('season.myStanding')}>
      <div className="season-me__cell">
        <span className="season-me__label">{t('season.myPoints')}</span>
        <b className="season-me__value" data-testid="season-points">
          {d.me.score}
        </b>
      </div>
      <div className="season-me__divider" aria-hidden="true" />
      <div className="season-me__cell">
        <span className="season-me__label">{t('season.myRank')}</span>
        <b className="season-me__value" data-testid="season-rank">
          {d.me.rank === null ? t('season.unranked') : `#${d.me.rank}`}
        </b>
      </div>
      <p className="season-me__foot">{t('season.participants', { n: d.participants })}</p>
      {wallet !== undefined ? (
        <p className="season-me__wallet" data-testid="season-wallet">
          {t('season.wallet', { n: wallet })}
          <Link to={PRIZES_PATH}>{t('act.myPrizes')} ›</Link>
        </p>
      ) : null}
    </section>
  );
}

function Entries({ d, actId }: { d: Home; actId: string }) {
  return (
    <nav className="season-entries" aria-label={t('season.entries')}>
      <Link className="season-entry is-rank" to={seasonLink(SEASON_PATHS.rank, actId)}>
        <b>{t('season.tabRank')}</b>
        <span>{t('season.rankDesc')}</span>
      </Link>
      <Link className="season-entry is-task" to={seasonLink(SEASON_PATHS.task, actId)}>
        <b>{t('season.tabTask')}</b>
        <span>{t('season.taskProgress', { done: d.tasksDone, total: d.tasksTotal })}</span>
      </Link>
      <Link className="season-entry is-prizes" to={seasonLink(SEASON_PATHS.prizes, actId)}>
        <b>{t('season.tabPrizes')}</b>
        <span>{d.status === 'settled' ? t('season.resultReady') : t('season.prizesDesc')}</span>
      </Link>
    </nav>
  );
}

/** /pro1?actId=…: the season's home — points, rank, countdown, the way to rank, tasks and prizes. */
export function SeasonHomeScreen() {
  const actId = useSeasonActId();
  const home = useEndpointQuery('seasonHome', { query: { actId } }, { enabled: actId !== '', meta: { quiet: true } });
  const tasks = useEndpointQuery('seasonTasks', { query: { actId } }, { enabled: actId !== '', meta: { quiet: true } });
  // The account's points (draws, tasks credited to the wallet), beside the season's own score.
  const balance = useEndpointQuery('pointsBalance', {}, { meta: { quiet: true } });
  const signIn = useEndpointMutation('seasonSignIn');
  useLoginWhenExpired(home.error);
  const d = home.data;
  const signinTask = tasks.data?.tasks.find((x) => x.kind === 'signin');
  const live = d?.status === 'live';

  const doSignIn = () => {
    if (!signinTask) return;
    signIn.mutate(
      { body: { actId, taskId: signinTask.id } },
      {
        onSuccess: (r) =>
          showToast(r.credited ? t('season.creditedToast', { points: r.points }) : t('season.alreadyToday')),
      },
    );
  };

  return (
    <SeasonFrame
      actId={actId}
      tab="home"
      title={d?.title ?? t('title.pro1')}
      subtitle={d?.subtitle}
      status={d?.status}
      hero={d ? <Countdown endsAt={d.endsAt} serverTime={d.serverTime} over={!live} /> : null}
    >
      {!actId || home.isError ? (
        <SeasonState title={t('season.notFound')} desc={home.error?.detail ?? t('season.notFoundDesc')} />
      ) : !d ? (
        <SeasonSkeleton />
      ) : (
        <>
          <Standing d={d} wallet={balance.data?.balance} />

          {signinTask && live ? (
            <section className="season-card season-signin">
              <div>
                <h2>{t('season.signinTitle')}</h2>
                <p>{t('season.signinDesc', { points: signinTask.points })}</p>
              </div>
              <button
                type="button"
                className="season-btn"
                data-testid="season-signin"
                disabled={signinTask.doneNow || signIn.isPending}
                onClick={doSignIn}
              >
                {signinTask.doneNow ? t('season.signedIn') : t('season.signin')}
              </button>
            </section>
          ) : null}
          <Entries d={d} actId={actId} />
        </>
      )}
    </SeasonFrame>
  );
}
