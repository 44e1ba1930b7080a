import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrizeWheel } from './prize-wheel';
import { act, click, mount, startFakeAnimationClock, stubReducedMotion, unmountAll } from './test-utils';
import { type SpinController, useSpinController } from './use-spin-controller';
import { segmentAtPointer } from './wheel-math';

const SEGMENTS = ['一等奖', '谢谢参与', '积分', '红包', '耳机', '咖啡'].map((name, id) => ({ id, name }));

function Harness(props: { onPress: () => void; onSettled: (i: number) => void; expose: (c: SpinController) => void }) {
  const spin = useSpinController({ onSettled: props.onSettled });
  props.expose(spin);
  return (
    <PrizeWheel
      segments={SEGMENTS}
      controller={spin}
      buttonSubLabel="剩余1次"
      onPress={() => {
        props.onPress();
        spin.start();
      }}
    />
  );
}

function Disabled({ onPress }: { onPress: () => void }) {
  const spin = useSpinController();
  return <PrizeWheel segments={SEGMENTS} controller={spin} onPress={onPress} disabled />;
}

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rotation = (el: Element | null) =>
  Number(/rotate\((-?[\d.e+-]+)deg\)/.exec((el as HTMLElement).style.transform)?.[1]);

describe('PrizeWheel', () => {
  it('spins on tap, turns the rotor each frame and stops with the pointer on the target', () => {
    startFakeAnimationClock();
    stubReducedMotion(false);
    const onPress = vi.fn();
    const onSettled = vi.fn();
    let ctrl: SpinController | undefined;
    const container = mount(<Harness onPress={onPress} onSettled={onSettled} expose={(c) => (ctrl = c)} />);
    const rotor = container.querySelector('.game-wheel__rotor');
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(rotation(rotor)).toBe(0);

    click(button);
    expect(onPress).toHaveBeenCalledOnce();
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toContain('抽奖中');
    act(() => vi.advanceTimersByTime(1000));
    const mid = rotation(rotor);
    expect(mid).toBeGreaterThan(100);

    act(() => ctrl?.stopAt(4));
    act(() => vi.advanceTimersByTime(10_000));
    expect(onSettled).toHaveBeenCalledExactlyOnceWith(4);
    expect(segmentAtPointer(rotation(rotor), SEGMENTS.length)).toBe(4);
    expect(rotation(rotor) - mid).toBeGreaterThanOrEqual(720);
    expect(container.querySelector('.game-wheel__win')).not.toBeNull();
    expect(button).toHaveProperty('disabled', false);

    // The highlight goes away as soon as the next spin starts.
    click(button);
    expect(container.querySelector('.game-wheel__win')).toBeNull();
  });

  it('keeps the button disabled when told to (no chances left)', () => {
    stubReducedMotion(false);
    const onPress = vi.fn();
    const container = mount(<Disabled onPress={onPress} />);
    click(container.querySelector('button'));
    expect(onPress).not.toHaveBeenCalled();
  });
});
