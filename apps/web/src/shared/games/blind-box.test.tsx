import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLIND_BOX_OPEN_MS, BlindBox, type BlindBoxHandle } from './blind-box';
import { act, click, mount, startFakeAnimationClock, stubReducedMotion, unmountAll } from './test-utils';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(reduced = false) {
  startFakeAnimationClock();
  stubReducedMotion(reduced);
  const ref = createRef<BlindBoxHandle>();
  const onPick = vi.fn();
  const onOpened = vi.fn();
  const container = mount(<BlindBox count={6} ref={ref} onPick={onPick} onOpened={onOpened} />);
  const boxes = () => [...container.querySelectorAll('button')];
  const text = () => container.textContent ?? '';
  const box = (i: number) => {
    const el = boxes()[i];
    if (!el) throw new Error(`no box ${i}`);
    return el;
  };
  return { ref, onPick, onOpened, boxes, box, text };
}

describe('BlindBox', () => {
  it('picks one box, shakes it while waiting, then opens it and reports when done', () => {
    const { ref, onPick, onOpened, boxes, text, box } = setup();
    expect(boxes()).toHaveLength(6);
    click(box(2));
    expect(onPick).toHaveBeenCalledExactlyOnceWith(2);
    expect(box(2).className).toContain('is-shaking');
    expect(box(2).getAttribute('aria-busy')).toBe('true');
    // The others cannot be picked meanwhile.
    click(box(4));
    expect(onPick).toHaveBeenCalledOnce();
    expect(box(4)).toHaveProperty('disabled', true);

    act(() => ref.current?.open({ name: '蓝牙耳机', imageUrl: '/prizes/headphones.svg' }));
    expect(box(2).className).toContain('is-open');
    expect(text()).toContain('蓝牙耳机');
    act(() => vi.advanceTimersByTime(BLIND_BOX_OPEN_MS - 10));
    expect(onOpened).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(20));
    expect(onOpened).toHaveBeenCalledOnce();
    expect(box(2).getAttribute('aria-label')).toBe('盲盒3：蓝牙耳机');
  });

  it('ignores open() before a pick, and cancel() lets the user pick again', () => {
    const { ref, onPick, onOpened, box } = setup();
    act(() => ref.current?.open({ name: 'x' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(onOpened).not.toHaveBeenCalled();

    click(box(0));
    act(() => ref.current?.cancel());
    expect(box(0).className).not.toContain('is-shaking');
    click(box(5));
    expect(onPick).toHaveBeenLastCalledWith(5);
  });

  it('reset() closes an opened box for another round', () => {
    const { ref, boxes, text, box } = setup();
    click(box(1));
    act(() => ref.current?.open({ name: '红包' }));
    act(() => vi.advanceTimersByTime(BLIND_BOX_OPEN_MS));
    act(() => ref.current?.reset());
    expect(text()).not.toContain('红包');
    expect(boxes().every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('with reduced motion, reports the opening at once', () => {
    const { ref, onOpened, box } = setup(true);
    click(box(3));
    act(() => ref.current?.open({ name: '积分' }));
    act(() => vi.advanceTimersByTime(1));
    expect(onOpened).toHaveBeenCalledOnce();
  });
});
