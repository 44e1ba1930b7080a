import { useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { SeasonFrame, SeasonSkeleton, SeasonState } from '../components/season-frame';
import { useSeasonActId } from '../components/use-season';
import { t } from '../messages';

/** /pro1/rank?actId=…: the top 100 (a podium for the first three) and the customer's own rank. */
export function SeasonRankScreen() {
  const actId = useSeasonActId();
  const rank = useEndpointQuery('seasonRank', { query: { actId } }, { enabled: actId !== '', meta: { quiet: true } });
  useLoginWhenExpired(rank.error);
  const d = rank.data;
  const podium = d?.top.slice(0, 3) ?? [];
  const rest = d?.top.slice(3) ?? [];
  // 2nd, 1st, 3rd, as a podium stands.
  const standing = [podium[1], podium[0], podium[2]];

  return (
    <SeasonFrame actId={actId} tab="rank" title={t('season.rankTitle')} subtitle={t('season.rankSub')}>
      {!actId || rank.isError ? (
        <SeasonState title={t('season.notFound')} desc={rank.error?.detail ?? t('season.notFoundDesc')} />
      ) : !d ? (
        <SeasonSkeleton />
      ) : d.top.length === 0 ? (
        <SeasonState title={t('season.rankEmpty')} desc={t('season.rankEmptyDesc')} />
      ) : (
        <>
          <section className="season-podium" aria-label={t('season.podium')}>
            {standing.map((p, i) =>
              p ? (
                <div key={p.rank} className={`season-podium__step is-${p.rank}${p.me ? ' is-me' : ''}`}>
                  <span className="season-podium__medal" aria-hidden="true">
                    {p.rank}
                  </span>
                  <b className="season-podium__name">{p.name}</b>
                  <span className="season-podium__score">{t('season.pointsShort', { n: p.score })}</span>
                  <span className="season-podium__block">{t('season.rankN', { n: p.rank })}</span>
                </div>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty podium place has no identity
                <div key={`empty-${i}`} className="season-podium__step is-empty" />
              ),
            )}
          </section>
          <section className="season-card season-board" aria-label={t('season.top100')}>
            <h2 className="season-card__title">{t('season.top100')}</h2>
            <ol className="season-board__list" data-testid="season-top">
              {rest.map((r) => (
                <li key={r.rank} className={r.me ? 'is-me' : undefined}>
                  <span className="season-board__rank">{r.rank}</span>
                  <span className="season-board__name">{r.name}</span>
                  <span className="season-board__score">{r.score}</span>
                </li>
              ))}
            </ol>
          </section>
          <section className="season-mine" data-testid="season-my-rank" aria-label={t('season.myRank')}>
            <span className="season-mine__rank">{d.me.rank === null ? '—' : d.me.rank}</span>
            <span className="season-mine__who">
              <b>{t('season.me')}</b>
              <small>
                {d.me.rank === null ? t('season.unrankedDesc') : t('season.ofParticipants', { n: d.participants })}
              </small>
            </span>
            <span className="season-mine__score">{t('season.pointsShort', { n: d.me.score })}</span>
          </section>
        </>
      )}
    </SeasonFrame>
  );
}
