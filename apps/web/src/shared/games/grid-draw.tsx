import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { t } from '../i18n/messages';
import { CENTER_CELL, finalStep, RING_ORDER, RING_ORDER_CCW, RING_SIZE, slotAtPosition, slotOfCell } from './grid-math';
import type { SpinTrack } from './spin-controller';
import type { SpinController } from './use-spin-controller';
import { easeOutQuad } from './wheel-math';
import './grid-draw.css';

export interface GridPrize {
  id: string | number;
  name: string;
  imageUrl?: string;
}

export interface GridDrawProps {
  /** Exactly 8 prizes, placed clockwise from the top-left corner (index = stopAt index). */
  prizes: readonly GridPrize[];
  controller: SpinController;
  onPress?: () => void;
  disabled?: boolean;
  buttonLabel?: string;
  /** Line under the button label, e.g. t('act.chancesLeft', { n: 3 }). */
  buttonSubLabel?: string;
  className?: string;
  /** The ring's direction from the top-left corner (the campaign's 九宫格排列); clockwise by default. */
  layout?: 'clockwise' | 'counterclockwise';
}

/**
 * 14 cells/s cruising and at least two laps while slowing. A quadratic ease-out (constant
 * deceleration) keeps the final, slow steps short enough that the stop feels decisive.
 */
const GRID_TRACK: SpinTrack = {
  speed: 0.014,
  accelMs: 300,
  ease: easeOutQuad,
  cancelMs: 700,
  targetFor: (index, from, { reduced }) => finalStep(from, index, reduced ? 0 : 2),
};

const ringOf = (layout: GridDrawProps['layout']) => (layout === 'counterclockwise' ? RING_ORDER_CCW : RING_ORDER);

/**
 * 3×3 draw board: 8 prizes around the ring, the draw button in the centre. Same controller contract
 * as PrizeWheel: a highlight runs round the ring, then slows down onto the stopAt() index.
 *
 *   const spin = useSpinController({ onSettled: (i) => open(prizes[i]) });
 *   <GridDraw prizes={prizes} controller={spin} buttonSubLabel={t('act.chancesLeft', { n: 3 })}
 *     onPress={() => { spin.start(); lottery().then((r) => spin.stopAt(r.index), () => spin.cancel()); }} />
 */
export function GridDraw({
  prizes,
  controller,
  onPress,
  disabled,
  buttonLabel = t('act.drawNow'),
  buttonSubLabel,
  className,
  layout,
}: GridDrawProps) {
  const { engine, state } = controller;
  // The running highlight is moved on the DOM directly: a React render of the board per step cost a
  // frame at 4x CPU throttle (bench/animation.ts). Renders read the same ref, so they never undo it.
  const active = useRef<number | null>(null);
  const cellEls = useRef(new Map<number, HTMLDivElement>());
  const lastResult = useSyncExternalStore(engine.subscribe, engine.getLastResult, engine.getLastResult);
  const order = ringOf(layout);
  if (prizes.length !== RING_SIZE && import.meta.env?.DEV) {
    console.error(`GridDraw expects ${RING_SIZE} prizes, got ${prizes.length}`);
  }

  useEffect(() => engine.bind(GRID_TRACK), [engine]);
  useEffect(
    () =>
      engine.onFrame((pos, s) => {
        const next = s === 'idle' && engine.getLastResult() === null ? null : slotAtPosition(pos);
        if (next === active.current) return;
        if (active.current !== null) cellEls.current.get(active.current)?.classList.remove('is-active');
        if (next !== null) cellEls.current.get(next)?.classList.add('is-active');
        active.current = next;
      }),
    [engine],
  );

  const busy = state !== 'idle';
  const cells = useMemo(() => Array.from({ length: 9 }, (_, cell) => cell), []);
  return (
    <div className={['game-grid', busy ? 'is-running' : '', className ?? ''].join(' ')} data-layout={layout}>
      <div className="game-grid__board">
        {cells.map((cell) => {
          if (cell === CENTER_CELL) {
            return (
              <button
                key={cell}
                type="button"
                className="game-grid__button"
                disabled={disabled || busy}
                onClick={onPress}
              >
                <span className="game-grid__button-label">{busy ? t('game.grid.drawing') : buttonLabel}</span>
                {buttonSubLabel && <span className="game-grid__button-sub">{buttonSubLabel}</span>}
              </button>
            );
          }
          const slot = slotOfCell(cell, order);
          const prize = prizes[slot];
          const isActive = active.current === slot;
          const won = !busy && lastResult === slot;
          return (
            <div
              key={cell}
              ref={(el) => {
                if (el) cellEls.current.set(slot, el);
                else cellEls.current.delete(slot);
              }}
              className={['game-grid__cell', isActive ? 'is-active' : '', won ? 'is-won' : '']
                .filter(Boolean)
                .join(' ')}
              data-slot={slot}
              aria-current={won ? 'true' : undefined}
            >
              {prize?.imageUrl && <img className="game-grid__img" src={prize.imageUrl} alt="" draggable={false} />}
              <span className="game-grid__name">{prize?.name ?? ''}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
