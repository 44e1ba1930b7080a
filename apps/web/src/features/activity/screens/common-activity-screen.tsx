import { useState } from 'react';
import { imageUrl } from '#web/shared/lib/image-url';
import { Link, useSearchParams } from '#web/shared/navigation/navigation';
import { useActivityGroup } from '../api/activity-queries';
import { ActivityCard } from '../components/activity-card';
import { ActivityFrame } from '../components/activity-frame';
import { GameStage } from '../components/game-stage';
import { useActivity } from '../hooks/use-activity';
import { usePlay } from '../hooks/use-play';
import { t } from '../messages';
import { playPath } from '../model/activity-paths';
import './common-activity-screen.css';

function CommonGame({ share }: { share: boolean }) {
  const [params] = useSearchParams();
  const view = useActivity(params.get('actId') ?? '');
  const play = usePlay(view);
  const [opening, setOpening] = useState(false);
  const prize = view.detail?.prizes.find((p) => !p.consolation) ?? view.detail?.prizes[0];

  const claim = async () => {
    if (play.needsLogin) {
      play.toLogin();
      return;
    }
    setOpening(true);
    const result = await play.play();
    setOpening(false);
    if (result) play.showResult();
  };

  const showGame = view.gate === 'ready' || opening || play.dialogOpen;
  return (
    <ActivityFrame view={view} fallbackTitle={t('title.commonActivity')} className="common-page">
      {share && <p className="act-share-badge">{t('common.shareBadge')}</p>}
      <GameStage view={view} play={play} showGame={showGame} onAgain={play.closeResult}>
        <div className="common-card act-card" data-testid="common-card">
          <p className="common-card__title">{t('common.dayTitle')}</p>
          <div className={opening ? 'common-gift is-opening' : 'common-gift'}>
            <span className="common-gift__halo" aria-hidden="true" />
            {prize && <img className="common-gift__img" src={imageUrl(prize.image)} alt="" />}
          </div>
          {prize && <p className="common-card__prize">{prize.name}</p>}
          <button
            type="button"
            className="act-cta"
            data-testid="common-claim"
            disabled={opening}
            onClick={() => void claim()}
          >
            {play.needsLogin ? t('act.loginFirst') : t('common.signin')}
          </button>
        </div>
      </GameStage>
    </ActivityFrame>
  );
}

/** /commonActivity?actId=…: the daily common activity (one tap claims the day's gift). */
export function CommonActivityScreen() {
  return <CommonGame share={false} />;
}

/** /commonActivityShare?actId=…: its share variant (no page-view record, see start-up). */
export function CommonActivityShareScreen() {
  return <CommonGame share />;
}

/** /commonLandPage?actId=…: the campaign landing: the common activity first, then its group's games. */
export function CommonLandPageScreen() {
  const [params] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const view = useActivity(actId);
  // The same group queries useActivity reads (one request each, shared through the cache).
  const { group, details } = useActivityGroup(view.detail?.actGroupId ?? null);
  const cards = group
    ? group.showActIds.map((id) => details.get(id)).filter((d) => d !== null && d !== undefined)
    : view.detail
      ? [view.detail]
      : [];
  return (
    <ActivityFrame view={view} fallbackTitle={t('common.landHeading')} hideChances>
      <div className="common-land act-card">
        <p className="common-card__title">{t('common.landDesc')}</p>
        <Link className="act-cta" to={playPath(view.detail?.type ?? 'common', actId)} data-testid="land-go">
          {t('common.go')}
        </Link>
      </div>
      <div className="act-tiles">
        {cards.map((d) => (
          <ActivityCard key={d.actId} activity={d} />
        ))}
      </div>
    </ActivityFrame>
  );
}
