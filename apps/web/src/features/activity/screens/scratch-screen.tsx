import type { DrawResult } from '@campaign/contract/client';
import { useEffect, useState } from 'react';
import { ScratchCard } from '#web/shared/games/scratch-card';
import { imageUrl } from '#web/shared/lib/image-url';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { ActivityFrame } from '../components/activity-frame';
import { GameStage } from '../components/game-stage';
import { useActivity } from '../hooks/use-activity';
import { usePlay } from '../hooks/use-play';
import { t } from '../messages';
import './scratch-screen.css';

type Round = { n: number; result: DrawResult | null; revealed: boolean; shown: boolean };

/** Under the cover: the prize once the server answered, else a wait line. */
function ScratchFace({ prize }: { prize: DrawResult['prize'] | undefined }) {
  return (
    <div
      className={prize ? 'scratch-face is-known' : 'scratch-face'}
      data-testid="scratch-face"
      data-prize-id={prize?.id}
    >
      {prize ? (
        <>
          <img className="scratch-face__img" src={imageUrl(prize.image)} alt="" />
          <span className="scratch-face__name">{prize.name}</span>
        </>
      ) : (
        <span className="scratch-face__wait">{t('scratch.waiting')}</span>
      )}
    </div>
  );
}

function ScratchGame({ share }: { share: boolean }) {
  const [params] = useSearchParams();
  const view = useActivity(params.get('actId') ?? '');
  const play = usePlay(view);
  const [round, setRound] = useState<Round>({ n: 0, result: null, revealed: false, shown: false });
  const [revealAll, setRevealAll] = useState(false);
  const { showResult } = play;

  // The dialog opens once both are true: the server answered and the card is scratched past 50%.
  useEffect(() => {
    if (round.result && round.revealed && !round.shown) {
      setRound((r) => ({ ...r, shown: true }));
      showResult();
    }
  }, [round, showResult]);

  const next = () => {
    play.closeResult();
    setRevealAll(false);
    setRound((r) => ({ n: r.n + 1, result: null, revealed: false, shown: false }));
  };

  const started = round.result !== null || round.revealed;
  const showGame = view.gate === 'ready' || started || play.dialogOpen;
  const prize = round.result?.prize;

  return (
    <ActivityFrame view={view} fallbackTitle={t('title.bluescratch')} className="scratch-page">
      {share && <p className="act-share-badge">{t('scratch.shareBadge')}</p>}
      <GameStage view={view} play={play} showGame={showGame} onClose={next} onAgain={next}>
        <div className="scratch-ticket" data-testid="scratch-ticket">
          <div className="scratch-ticket__head">
            <span className="scratch-ticket__stamp">{t('activity.fortune')}</span>
            <span className="scratch-ticket__title">{t('scratch.cover')}</span>
          </div>
          <div className="scratch-ticket__card">
            <ScratchCard
              key={round.n}
              coverText={
                play.needsLogin ? t('scratch.loginCover') : view.detail?.page.scratchText || t('scratch.cover')
              }
              coverColor={view.detail?.page.scratchCover || undefined}
              disabled={play.needsLogin || view.gate !== 'ready'}
              revealed={revealAll}
              onScratchStart={() => {
                void play.play().then((result) => {
                  if (result) setRound((r) => ({ ...r, result }));
                  else setRound((r) => ({ n: r.n + 1, result: null, revealed: false, shown: false }));
                });
              }}
              onReveal={() => setRound((r) => ({ ...r, revealed: true }))}
            >
              <ScratchFace prize={prize} />
            </ScratchCard>
            {play.needsLogin && (
              <button type="button" className="scratch-login" onClick={play.toLogin}>
                {t('scratch.loginCover')}
              </button>
            )}
          </div>
          <p className="scratch-ticket__hint">{t('scratch.hint')}</p>
          {round.result && !round.revealed && (
            <button type="button" className="scratch-ticket__all" onClick={() => setRevealAll(true)}>
              {t('scratch.revealAll')}
            </button>
          )}
        </div>
      </GameStage>
    </ActivityFrame>
  );
}

/** /bluescratch?actId=…: the scratch card. */
export function BlueScratchScreen() {
  return <ScratchGame share={false} />;
}

/** /scratchPlayShare?actId=…: the shared variant (the start-up skips its page-view record). */
export function ScratchPlayShareScreen() {
  return <ScratchGame share />;
}
