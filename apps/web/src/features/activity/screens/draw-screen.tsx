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

/** The spin: started on the press, stopped where the server's draw landed (or cancelled), then the result. */
function useDrawSpin(play: ReturnType<typeof usePlay>) {
  const [landed, setLanded] = useState<number | null>(null);
  const spin = useSpinController({
    onSettled: (i) => {
      setLanded(i);
      play.showResult();
    },
  });
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
  return { spin, landed, press };
}

/** /upStdDraw?actId=…: the wheel or the 9-grid, by the activity's type. */
export function DrawScreen() {
  const [params] = useSearchParams();
  const actId = params.get('actId') ?? '';
  const view = useActivity(actId);
  const play = usePlay(view);
  const { spin, landed, press } = useDrawSpin(play);
  // The wheel's colours, as the campaign sets them, go round the wheel in turn (none: red and gold).
  const prizes = useMemo(() => {
    const colors = view.detail?.page.segmentColors ?? [];
    return (view.detail?.prizes ?? []).map((p, i) => ({
      id: p.id,
      name: p.name,
      imageUrl: imageUrl(p.image),
      ...(colors.length ? { color: colors[i % colors.length] } : {}),
    }));
  }, [view.detail]);

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
              layout={view.detail?.page.gridLayout}
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
