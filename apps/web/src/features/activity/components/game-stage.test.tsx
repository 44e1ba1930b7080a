import { describe, expect, it, vi } from 'vitest';
import { type NavigateFn, NavigatorContext } from '#web/shared/navigation/navigation';
import { cleanup, fire, render } from '#web/shared/testing/render';
import { drawFixture } from '../api/fixtures';
import type { ActivityView } from '../hooks/use-activity';
import type { Play } from '../hooks/use-play';
import { t } from '../messages';
import { GameStage } from './game-stage';

const view = {
  actId: 'a1',
  gate: 'ended',
  detail: null,
  serverNow: () => 0,
  reload: () => undefined,
} as unknown as ActivityView;

function stage(props: { showGame: boolean; dialogOpen?: boolean; chancesLeft?: number; onClose?: () => void }) {
  const closeResult = vi.fn();
  const onAgain = vi.fn();
  const play = {
    result: { ...drawFixture(), chancesLeft: props.chancesLeft ?? 0 },
    replayed: false,
    dialogOpen: props.dialogOpen ?? false,
    closeResult,
    risk: { consent: { asking: false }, notice: null },
  } as unknown as Play;
  const { container } = render(
    <NavigatorContext.Provider value={vi.fn() as unknown as NavigateFn}>
      <GameStage view={view} play={play} showGame={props.showGame} onClose={props.onClose} onAgain={onAgain}>
        <div data-testid="the-game" />
      </GameStage>
    </NavigatorContext.Provider>,
  );
  return { container, closeResult, onAgain };
}

describe('GameStage: the ending every game screen shares', () => {
  it('shows the game while it can be played, else the state panel', () => {
    expect(stage({ showGame: true }).container.querySelector('[data-testid="the-game"]')).not.toBeNull();
    const closed = stage({ showGame: false }).container;
    expect(closed.querySelector('[data-testid="the-game"]')).toBeNull();
    expect(closed.querySelector('.act-state')).not.toBeNull();
  });

  it('opens the result dialog with the play: OK closes the play’s dialog unless the screen closes otherwise', () => {
    const plain = stage({ showGame: true, dialogOpen: true, chancesLeft: 0 });
    fire.click(button(t('act.result.ok')));
    expect(plain.closeResult).toHaveBeenCalledTimes(1);
    cleanup();
    const onClose = vi.fn();
    const own = stage({ showGame: true, dialogOpen: true, chancesLeft: 0, onClose });
    fire.click(button(t('act.result.ok')));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(own.closeResult).not.toHaveBeenCalled();
  });

  it('plays again through the screen’s onAgain while chances are left', () => {
    const { onAgain } = stage({ showGame: true, dialogOpen: true, chancesLeft: 2 });
    fire.click(button(t('act.result.again')));
    expect(onAgain).toHaveBeenCalledTimes(1);
  });
});

function button(text: string): Element {
  const found = [...document.querySelectorAll('[data-testid="result-dialog"] button')].find(
    (b) => b.textContent === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}
