import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { type ControllerCallbacks, SpinEngine, type SpinState } from './spin-controller';

export interface SpinController {
  /** Begin the free spin (call on tap, before the server answers). Ignored unless idle. */
  start(): void;
  /** Land on prize `index`; with `seed`, at a seeded spot within the inner 60% of the segment. */
  stopAt(index: number, opts?: { seed?: number }): void;
  /** Network failure: coast to rest without a result, then onCancelled(). */
  cancel(): void;
  state: SpinState;
  /** For the widget that draws the motion (PrizeWheel, GridDraw); screens do not need it. */
  engine: SpinEngine;
}

/**
 * One controller per draw widget. Callbacks may change between renders; the latest ones are used.
 *
 *   const spin = useSpinController({ onSettled: (i) => showResult(i), onCancelled: () => showToast(t('act.offlineToast')) });
 *   <PrizeWheel segments={prizes} controller={spin} onPress={() => { spin.start(); draw().then((r) => spin.stopAt(r.index), spin.cancel); }} />
 */
export function useSpinController(callbacks: ControllerCallbacks = {}): SpinController {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const engine = useMemo(
    () =>
      new SpinEngine({
        onSettled: (i) => latest.current.onSettled?.(i),
        onCancelled: () => latest.current.onCancelled?.(),
      }),
    [],
  );
  useEffect(() => () => engine.dispose(), [engine]);
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  return useMemo(
    () => ({ start: engine.start, stopAt: engine.stopAt, cancel: engine.cancel, state, engine }),
    [engine, state],
  );
}
