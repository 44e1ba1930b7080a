import type { ReactNode } from 'react';
import type { ActivityView } from '../hooks/use-activity';
import type { Play } from '../hooks/use-play';
import { ResultDialog } from './result-dialog';
import { RiskLayer } from './risk-layer';
import { ActivityStatePanel } from './state-panel';

/**
 * What every game screen (the wheel or grid, the scratch card, the blind box, the daily gift) shows around
 * its game: the game while it can be played, else the activity's state panel; then the last draw's result
 * dialog, and the risk check's sheets (the device-id consent, a refusal with its appeal). `onClose` defaults to closing the dialog; `onAgain` is the screen's "play again".
 */
export function GameStage({
  view,
  play,
  showGame,
  onClose,
  onAgain,
  children,
}: {
  view: ActivityView;
  play: Play;
  showGame: boolean;
  onClose?: () => void;
  onAgain: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {showGame ? children : <ActivityStatePanel view={view} />}
      <ResultDialog
        result={play.result}
        replayed={play.replayed}
        open={play.dialogOpen}
        onClose={onClose ?? play.closeResult}
        onAgain={onAgain}
      />
      <RiskLayer risk={play.risk} actId={view.actId} />
    </>
  );
}
