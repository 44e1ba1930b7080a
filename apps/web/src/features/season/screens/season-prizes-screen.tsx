import { useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { Link } from '#web/shared/navigation/navigation';
import { PRIZES_PATH } from '#web/shared/navigation/paths';
import { SeasonFrame, SeasonSkeleton, SeasonState } from '../components/season-frame';
import { useSeasonActId } from '../components/use-season';
import { t } from '../messages';
import { bandLabel } from '../model/season-view';

/** /pro1/prizeList?actId=…: the prizes by rank band; after settlement the customer's own result first. */
export function SeasonPrizesScreen() {
  const actId = useSeasonActId();
  const prizes = useEndpointQuery(
    'seasonPrizes',
    { query: { actId } },
    { enabled: actId !== '', meta: { quiet: true } },
  );
  useLoginWhenExpired(prizes.error);
  const d = prizes.data;

  return (
    <SeasonFrame
      actId={actId}
      tab="prizes"
      title={t('season.prizesTitle')}
      subtitle={t('season.prizesSub')}
      status={d?.status}
    >
      {!actId || prizes.isError ? (
        <SeasonState title={t('season.notFound')} desc={prizes.error?.detail ?? t('season.notFoundDesc')} />
      ) : !d ? (
        <SeasonSkeleton />
      ) : (
        <>
          {d.result ? (
            <section
              className={`season-card season-result${d.result.prize ? ' is-win' : ''}`}
              data-testid="season-result"
            >
              <h2>{t('season.resultTitle')}</h2>
              <p className="season-result__rank">
                {d.result.rank === null ? t('season.unranked') : t('season.rankN', { n: d.result.rank })}
                <small>{t('season.pointsShort', { n: d.result.score })}</small>
              </p>
              {d.result.prize ? (
                <>
                  <img src={imageUrl(d.result.prize.image)} alt="" className="season-result__img" />
                  <p>{t('season.resultWon', { prize: d.result.prize.name })}</p>
                  <Link className="season-btn" to={PRIZES_PATH}>
                    {t('season.toMyPrizes')}
                  </Link>
                </>
              ) : (
                <p>{t('season.resultNone')}</p>
              )}
            </section>
          ) : (
            <section className="season-card season-note">
              <p>
                {d.status === 'live' || d.status === 'scheduled'
                  ? t('season.prizesNote', { rank: d.me.rank ?? '—' })
                  : t('season.awaitingSettlement')}
              </p>
            </section>
          )}
          <ol className="season-bands" data-testid="season-bands">
            {d.bands.map((b) => (
              <li key={b.from} className={`season-card season-band${b.from === 1 ? ' is-top' : ''}`}>
                <span className="season-band__ribbon">
                  <small>{t('season.bandPrefix')}</small>
                  <b>{bandLabel(b.from, b.to)}</b>
                  <small>{t('season.bandSuffix')}</small>
                </span>
                <img src={imageUrl(b.prize.image)} alt="" className="season-band__img" />
                <span className="season-band__text">
                  <b>{b.prize.name}</b>
                  {b.prize.valueCents > 0 ? (
                    <small>{t('season.worth', { yuan: yuan(b.prize.valueCents) })}</small>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </SeasonFrame>
  );
}
