import { useRef, useState } from 'react';
import { BlindBox, type BlindBoxHandle } from '#web/shared/games/blind-box';
import { imageUrl } from '#web/shared/lib/image-url';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { ActivityFrame } from '../components/activity-frame';
import { GameStage } from '../components/game-stage';
import { useActivity } from '../hooks/use-activity';
import { usePlay } from '../hooks/use-play';
import { t } from '../messages';
import './blind-box-screen.css';

/** /blindBox?actId=…: pick one of six boxes; it opens on the server's prize. */
export function BlindBoxScreen() {
  const [params] = useSearchParams();
  const view = useActivity(params.get('actId') ?? '');
  const play = usePlay(view);
  const box = useRef<BlindBoxHandle>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);

  const pick = async () => {
    if (play.needsLogin) {
      box.current?.cancel();
      play.toLogin();
      return;
    }
    setBusy(true);
    const result = await play.play();
    if (result) box.current?.open({ name: result.prize.name, imageUrl: imageUrl(result.prize.image) });
    else {
      box.current?.cancel();
      setBusy(false);
    }
  };

  const again = () => {
    play.closeResult();
    box.current?.reset();
    setBusy(false);
    setOpened(false);
  };

  const showGame = view.gate === 'ready' || busy || play.dialogOpen;
  return (
    <ActivityFrame view={view} fallbackTitle={t('title.blindBox')} className="bb-page">
      <GameStage view={view} play={play} showGame={showGame} onAgain={again}>
        <div className="bb-shelf" data-testid="blind-box-shelf" data-opened={opened ? 'true' : undefined}>
          <p className="bb-shelf__hint">{t('blind.hint')}</p>
          <BlindBox
            ref={box}
            count={view.detail?.page.boxCount ?? 6}
            onPick={() => void pick()}
            onOpened={() => {
              setOpened(true);
              play.showResult();
            }}
          />
          {opened && !play.dialogOpen && (
            <button type="button" className="act-cta bb-shelf__again" onClick={again}>
              {t('blind.again')}
            </button>
          )}
        </div>
      </GameStage>
    </ActivityFrame>
  );
}
