import { useMemo, useState } from 'react';
import { GridDraw } from '#web/shared/games/grid-draw';
import { PrizeWheel } from '#web/shared/games/prize-wheel';
import { useSpinController } from '#web/shared/games/use-spin-controller';
import { imageUrl } from '#web/shared/lib/image-url';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { ActivityFrame } from '../components/activity-frame';
import { GameStage } from '../components/game-stage';
import { useActivity } from '../hooks/use-activity';
import { landingSeed, usePlay } from '../hooks/use-play';
import { t } from '../messages';
import './draw-screen.css';

/** /upStdDraw?actId=…: the wheel or the 9-grid, by the activity's type. */
export function DrawScreen() {
  const [params] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const view = useActivity(actId);
  const play = usePlay(view);
  const [landed, setLanded] = useState<number | null>(null);
  const spin = useSpinController({
    onSettled: (i) => {
      setLanded(i);
      play.showResult();
    },
  });
  const prizes = useMemo(
    () => (view.detail?.prizes ?? []).map((p) => ({ id: p.id, name: p.name, imageUrl: imageUrl(p.image) })),
    [view.detail],
  );

  const press = async () => {
    if (play.needsLogin) {
      play.toLogin();
      return;
    }
    setLanded(null);
    spin.start();
    const result = await play.play();
    if (result) spin.stopAt(result.prizeIndex, { seed: landingSeed(result) });
    else spin.cancel();
  };

  const chances = view.surplus?.chancesLeft;
  const sub = play.needsLogin
    ? t('act.loginFirst')
    : chances === undefined
      ? undefined
      : t('act.chancesLeft', { n: chances });
  const spinning = spin.state !== 'idle';
  const showGame = view.gate === 'ready' || spinning || play.dialogOpen;
  const isGrid = view.detail?.type === 'grid';

  return (
    <ActivityFrame view={view} fallbackTitle={t('title.upStdDraw')} className="draw-page">
      <GameStage
        view={view}
        play={play}
        showGame={showGame}
        onAgain={() => {
          play.closeResult();
          void press();
        }}
      >
        <div
          className={isGrid ? 'draw-board is-grid' : 'draw-board is-wheel'}
          data-testid="draw-board"
          data-landed={landed ?? undefined}
          data-spin-state={spin.state}
        >
          {isGrid ? (
            <GridDraw
              prizes={prizes}
              controller={spin}
              onPress={() => void press()}
              buttonLabel={t('act.drawNow')}
              buttonSubLabel={sub}
            />
          ) : (
            <PrizeWheel
              segments={prizes}
              controller={spin}
              onPress={() => void press()}
              buttonLabel={t('act.drawShort')}
              buttonSubLabel={sub}
              ariaLabel={t('act.wheelLabel', {
                title: view.detail?.title ?? t('title.upStdDraw'),
                prizes: prizes.map((p) => p.name).join(t('act.listSep')),
              })}
            />
          )}
        </div>
      </GameStage>
    </ActivityFrame>
  );
}
