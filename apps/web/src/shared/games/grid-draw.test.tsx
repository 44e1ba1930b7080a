import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridDraw } from './grid-draw';
import { act, click, mount, startFakeAnimationClock, stubReducedMotion, unmountAll } from './test-utils';
import { type SpinController, useSpinController } from './use-spin-controller';

const PRIZES = Array.from({ length: 8 }, (_, i) => ({ id: i, name: `奖品${i}` }));

function Harness(props: { onSettled: (i: number) => void; expose: (c: SpinController) => void }) {
  const spin = useSpinController({ onSettled: props.onSettled });
  props.expose(spin);
  return <GridDraw prizes={PRIZES} controller={spin} onPress={() => spin.start()} buttonSubLabel="剩余2次" />;
}

function setup() {
  const onSettled = vi.fn();
  let ctrl: SpinController | undefined;
  const container = mount(<Harness onSettled={onSettled} expose={(c) => (ctrl = c)} />);
  const controller = () => {
    if (!ctrl) throw new Error('not rendered');
    return ctrl;
  };
  const active = () => [...container.querySelectorAll('.game-grid__cell.is-active')];
  const button = () => container.querySelector('button') as HTMLButtonElement;
  return { container, onSettled, controller, active, button };
}

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GridDraw', () => {
  it('runs a highlight round the ring after a tap and stops exactly on the target cell', () => {
    startFakeAnimationClock();
    stubReducedMotion(false);
    const { onSettled, controller, active, button: getButton } = setup();
    const button = getButton();
    expect(button.textContent).toContain('剩余2次');
    expect(active()).toHaveLength(0);

    click(button);
    expect(controller().state).toBe('spinning');
    expect(button).toHaveProperty('disabled', true);

    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      act(() => vi.advanceTimersByTime(25));
      for (const el of active()) seen.add(el.getAttribute('data-slot') ?? '');
    }
    // The highlight moved through many cells, one at a time.
    expect(seen.size).toBeGreaterThanOrEqual(6);
    expect(active().length).toBeLessThanOrEqual(1);

    act(() => controller().stopAt(5));
    act(() => vi.advanceTimersByTime(10_000));
    expect(onSettled).toHaveBeenCalledExactlyOnceWith(5);
    expect(active().map((el) => el.getAttribute('data-slot'))).toEqual(['5']);
    const won = document.querySelector('.game-grid__cell.is-won');
    expect(won?.textContent).toBe('奖品5');
    expect(button).toHaveProperty('disabled', false);
  });

  it('places prizes clockwise from the top-left with the button in the centre', () => {
    stubReducedMotion(false);
    const { container } = setup();
    const order = [...(container.querySelector('.game-grid__board')?.children ?? [])].map(
      (el) => el.getAttribute('data-slot') ?? 'button',
    );
    expect(order).toEqual(['0', '1', '2', '7', 'button', '3', '6', '5', '4']);
  });

  it('under reduced motion does not run laps and lands within 300 ms', () => {
    startFakeAnimationClock();
    stubReducedMotion(true);
    const { onSettled, controller, button } = setup();
    click(button());
    act(() => vi.advanceTimersByTime(1000));
    act(() => controller().stopAt(3));
    act(() => vi.advanceTimersByTime(320));
    expect(onSettled).toHaveBeenCalledExactlyOnceWith(3);
    expect(controller().engine.getPosition()).toBe(3);
  });
});
