import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScratchCard } from './scratch-card';
import { act, mount, startFakeAnimationClock, stubReducedMotion, unmountAll } from './test-utils';

const W = 200;
const H = 100;

/**
 * A minimal 2D context: paints nothing, but remembers every circle stamped in destination-out
 * mode so getImageData can return the true alpha of the cover.
 */
class FakeContext {
  globalCompositeOperation = 'source-over';
  fillStyle: unknown = '#000';
  strokeStyle: unknown = '#000';
  font = '';
  textAlign = 'left';
  textBaseline = 'alphabetic';
  globalAlpha = 1;
  lineWidth = 1;
  cleared: { x: number; y: number; r: number }[] = [];
  imageReads = 0;
  private path: { x: number; y: number; r: number }[] = [];
  constructor(readonly canvas: HTMLCanvasElement) {}
  setTransform() {}
  save() {}
  restore() {}
  createLinearGradient() {
    return { addColorStop() {} };
  }
  fillRect() {
    if (this.globalCompositeOperation === 'source-over') this.cleared = [];
  }
  clearRect() {}
  fillText() {}
  measureText(t: string) {
    return { width: t.length * 10 };
  }
  beginPath() {
    this.path = [];
  }
  moveTo() {}
  lineTo() {}
  arc(x: number, y: number, r: number) {
    this.path.push({ x, y, r });
  }
  fill() {
    if (this.globalCompositeOperation === 'destination-out') this.cleared.push(...this.path);
  }
  getImageData(_x: number, _y: number, w: number, h: number) {
    this.imageReads++;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const hit = this.cleared.some((c) => (x - c.x) ** 2 + (y - c.y) ** 2 <= c.r * c.r);
        data[(y * w + x) * 4 + 3] = hit ? 0 : 255;
      }
    }
    return { data, width: w, height: h };
  }
}

let ctx: FakeContext | null = null;

beforeEach(() => {
  startFakeAnimationClock();
  stubReducedMotion(false);
  ctx = null;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    ctx ??= new FakeContext(this);
    return ctx as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: W,
    height: H,
    right: 10 + W,
    bottom: 20 + H,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  });
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function pointer(target: Element, type: string, x: number, y: number) {
  const ev = new PointerEvent(type, {
    clientX: x + 10,
    clientY: y + 20,
    pointerId: 1,
    bubbles: true,
    cancelable: true,
  });
  act(() => {
    target.dispatchEvent(ev);
  });
  return ev;
}

function setup(props: Partial<Parameters<typeof ScratchCard>[0]> = {}) {
  const onReveal = vi.fn();
  const onScratchStart = vi.fn();
  const host = mount(
    <ScratchCard brushRadius={10} onReveal={onReveal} onScratchStart={onScratchStart} {...props}>
      <b>一等奖</b>
    </ScratchCard>,
  );
  const canvas = () => host.querySelector('canvas');
  return { host, canvas, onReveal, onScratchStart };
}

/** Back-and-forth strokes over the left `share` of the card. */
function scratch(canvas: Element, share: number) {
  pointer(canvas, 'pointerdown', 0, 0);
  for (let y = 0; y <= H; y += 8) {
    pointer(canvas, 'pointermove', W * share, y);
    pointer(canvas, 'pointermove', 0, y + 4);
  }
  pointer(canvas, 'pointerup', 0, H);
}

describe('ScratchCard', () => {
  it('paints a cover with css size × dpr backing store and blocks page scrolling', () => {
    const { canvas } = setup();
    const c = canvas();
    expect(c?.width).toBe(W * (window.devicePixelRatio || 1));
    expect(c?.className).toContain('game-scratch__cover');
    const move = pointer(c as Element, 'pointerdown', 5, 5);
    expect(move.defaultPrevented).toBe(true);
    const touch = new Event('touchmove', { cancelable: true });
    c?.dispatchEvent(touch);
    expect(touch.defaultPrevented).toBe(true);
  });

  it('maps pointer positions into canvas coordinates and leaves no gaps on a fast swipe', () => {
    const { canvas } = setup();
    const c = canvas() as Element;
    pointer(c, 'pointerdown', 0, 50);
    pointer(c, 'pointermove', 199, 50); // one event for the whole width
    pointer(c, 'pointerup', 199, 50);
    const img = ctx?.getImageData(0, 0, W, H);
    for (let x = 0; x < W; x++) expect(img?.data[(50 * W + x) * 4 + 3]).toBe(0);
    // The client offset (10, 20) was subtracted: nothing cleared far from the stroke.
    expect(img?.data[(5 * W + 100) * 4 + 3]).toBe(255);
  });

  it('announces the first touch once and does not reveal below the threshold', () => {
    const { canvas, onReveal, onScratchStart } = setup();
    scratch(canvas() as Element, 0.3);
    act(() => vi.advanceTimersByTime(500));
    expect(onScratchStart).toHaveBeenCalledOnce();
    expect(onReveal).not.toHaveBeenCalled();
    expect(canvas()).not.toBeNull();
  });

  it('reveals once at ≥ 50%, fades, then removes the cover', () => {
    const { host, canvas, onReveal, onScratchStart } = setup();
    const c = canvas() as Element;
    scratch(c, 0.3);
    scratch(c, 0.7);
    expect(onReveal).toHaveBeenCalledOnce();
    expect(onScratchStart).toHaveBeenCalledOnce();
    expect(host.querySelector('.game-scratch')?.className).toContain('is-fading');
    scratch(c, 1);
    expect(onReveal).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(500));
    expect(canvas()).toBeNull();
    expect(host.textContent).toContain('一等奖');
  });

  it('honours a custom revealAt', () => {
    const { canvas, onReveal } = setup({ revealAt: 0.2 });
    scratch(canvas() as Element, 0.3);
    expect(onReveal).toHaveBeenCalledOnce();
  });

  it('throttles coverage reads while the finger moves', () => {
    const { canvas } = setup();
    const c = canvas() as Element;
    pointer(c, 'pointerdown', 0, 0);
    for (let i = 0; i < 60; i++) pointer(c, 'pointermove', (i * 3) % W, (i * 7) % H);
    const duringBurst = ctx?.imageReads ?? 0;
    expect(duringBurst).toBeLessThanOrEqual(1);
    act(() => vi.advanceTimersByTime(200));
    expect(ctx?.imageReads).toBe(duringBurst + 1);
  });

  it('ignores input while disabled, and reveals on demand with `revealed`', () => {
    const first = setup({ disabled: true });
    scratch(first.canvas() as Element, 1);
    expect(first.onScratchStart).not.toHaveBeenCalled();
    expect(first.onReveal).not.toHaveBeenCalled();
    unmountAll();
    ctx = null;
    const second = setup({ revealed: true });
    expect(second.onReveal).toHaveBeenCalledOnce();
  });
});
