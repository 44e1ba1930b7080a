import { describe, expect, it, vi } from 'vitest';
import { finalStep, slotAtPosition } from './grid-math';
import { SpinEngine, type SpinTrack } from './spin-controller';
import { easeOutCubic, finalRotation, segmentAtPointer } from './wheel-math';

const SEGMENTS = 8;
const wheelTrack: SpinTrack = {
  speed: 0.9, // deg/ms
  accelMs: 400,
  ease: easeOutCubic,
  cancelMs: 1000,
  targetFor: (i, from, { reduced, seed }) =>
    finalRotation(from, i, SEGMENTS, { minTurns: reduced ? 0 : 2, offset: seed === undefined ? 0 : 0.25 }),
};

/** A manual clock and frame queue: frames only run when the test advances time. */
function harness(opts: { reduced?: boolean } = {}) {
  let now = 1000;
  let nextId = 1;
  const frames = new Map<number, (t: number) => void>();
  const onSettled = vi.fn();
  const onCancelled = vi.fn();
  const engine = new SpinEngine(
    { onSettled, onCancelled },
    {
      now: () => now,
      requestFrame: (cb) => {
        const id = nextId++;
        frames.set(id, cb);
        return id;
      },
      cancelFrame: (id) => frames.delete(id),
      reducedMotion: () => opts.reduced ?? false,
    },
  );
  engine.bind(wheelTrack);
  const positions: number[] = [];
  engine.onFrame((p) => positions.push(p));
  /** Advance time in frames of `frameMs` (a slow phone at 4× throttle might manage 60 ms). */
  const advance = (ms: number, frameMs = 16) => {
    const end = now + ms;
    while (now < end) {
      now = Math.min(end, now + frameMs);
      const pending = [...frames.entries()];
      frames.clear();
      for (const [, cb] of pending) cb(now);
    }
  };
  return { engine, onSettled, onCancelled, positions, advance, pendingFrames: () => frames.size };
}

describe('SpinEngine', () => {
  it('goes idle → spinning → stopping → idle and lands exactly on the target', () => {
    const h = harness();
    expect(h.engine.getState()).toBe('idle');
    h.engine.start();
    expect(h.engine.getState()).toBe('spinning');
    h.advance(1500);
    expect(h.engine.getPosition()).toBeGreaterThan(700);
    h.engine.stopAt(5);
    expect(h.engine.getState()).toBe('stopping');
    h.advance(10_000);
    expect(h.engine.getState()).toBe('idle');
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(5);
    expect(segmentAtPointer(h.engine.getPosition(), SEGMENTS)).toBe(5);
    expect(h.pendingFrames()).toBe(0);
  });

  it('lands on the same angle whatever the frame rate (time-based, not frame-based)', () => {
    const run = (frameMs: number) => {
      const h = harness();
      h.engine.start();
      h.advance(1234, frameMs);
      h.engine.stopAt(3);
      h.advance(8000, frameMs);
      return { pos: h.engine.getPosition(), settled: h.onSettled.mock.calls };
    };
    const smooth = run(16);
    const throttled = run(67);
    expect(throttled.pos).toBeCloseTo(smooth.pos, 9);
    expect(throttled.settled).toEqual([[3]]);
  });

  it('never runs backwards and slows down smoothly from cruising speed', () => {
    const h = harness();
    h.engine.start();
    h.advance(1000, 10);
    h.engine.stopAt(2);
    h.advance(8000, 10);
    for (let i = 1; i < h.positions.length; i++) {
      expect(h.positions[i]).toBeGreaterThanOrEqual(h.positions[i - 1] ?? 0);
    }
    // Speed per 10 ms frame: at most cruising speed (9°), and no sudden drop when the stop begins.
    const speeds = h.positions.slice(1).map((p, i) => p - (h.positions[i] ?? 0));
    expect(Math.max(...speeds)).toBeLessThanOrEqual(9 + 1e-6);
    for (let i = 1; i < speeds.length; i++) {
      expect(Math.abs((speeds[i] ?? 0) - (speeds[i - 1] ?? 0))).toBeLessThan(0.5);
    }
  });

  it('waits for full speed when the result arrives during spin-up', () => {
    const h = harness();
    h.engine.start();
    h.advance(50);
    h.engine.stopAt(6);
    expect(h.engine.getState()).toBe('stopping');
    h.advance(10_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(6);
    expect(segmentAtPointer(h.engine.getPosition(), SEGMENTS)).toBe(6);
    // At least two full turns after spin-up, so a quick answer still looks like a real spin.
    expect(h.engine.getPosition()).toBeGreaterThanOrEqual(720);
  });

  it('stopAt while idle starts and stops in one go', () => {
    const h = harness();
    h.engine.stopAt(1);
    expect(h.engine.getState()).toBe('stopping');
    h.advance(10_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('handles a result that comes long after the start', () => {
    const h = harness();
    h.engine.start();
    h.advance(30_000, 50);
    expect(h.engine.getState()).toBe('spinning');
    h.engine.stopAt(7, { seed: 42 });
    h.advance(10_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(7);
    expect(segmentAtPointer(h.engine.getPosition(), SEGMENTS)).toBe(7);
  });

  it('ignores a second start and a second stopAt (first result wins)', () => {
    const h = harness();
    h.engine.start();
    h.advance(500);
    h.engine.start();
    h.engine.stopAt(2);
    h.engine.stopAt(4);
    h.advance(10_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('cancel coasts to rest without a result; the next spin works', () => {
    const h = harness();
    h.engine.start();
    h.advance(800);
    h.engine.cancel();
    expect(h.engine.getState()).toBe('stopping');
    h.advance(999);
    expect(h.engine.getState()).toBe('stopping');
    h.advance(50);
    expect(h.engine.getState()).toBe('idle');
    expect(h.onCancelled).toHaveBeenCalledOnce();
    expect(h.onSettled).not.toHaveBeenCalled();
    h.engine.stopAt(0);
    h.advance(10_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('cancel is ignored when idle or already stopping on a result', () => {
    const h = harness();
    h.engine.cancel();
    expect(h.onCancelled).not.toHaveBeenCalled();
    h.engine.start();
    h.advance(600);
    h.engine.stopAt(3);
    h.engine.cancel();
    h.advance(10_000);
    expect(h.onCancelled).not.toHaveBeenCalled();
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('with reduced motion, does not spin while waiting and reaches the result within 300 ms', () => {
    const h = harness({ reduced: true });
    h.engine.start();
    h.advance(2000);
    expect(h.engine.getPosition()).toBe(0);
    h.engine.stopAt(4);
    h.advance(290);
    expect(h.onSettled).not.toHaveBeenCalled();
    h.advance(20);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(4);
    expect(segmentAtPointer(h.engine.getPosition(), SEGMENTS)).toBe(4);
    expect(h.engine.getPosition()).toBeLessThan(360);
  });

  it('settles at once after a hidden tab resumes (frames were paused past the end)', () => {
    const h = harness();
    h.engine.start();
    h.advance(600);
    h.engine.stopAt(5);
    h.advance(60_000, 60_000);
    expect(h.onSettled).toHaveBeenCalledExactlyOnceWith(5);
  });

  it('rejects an out-of-range index without leaving the spin stuck', () => {
    const h = harness();
    h.engine.start();
    expect(() => h.engine.stopAt(99)).toThrow(RangeError);
    expect(h.engine.getState()).toBe('spinning');
    h.engine.cancel();
    h.advance(5000);
    expect(h.engine.getState()).toBe('idle');
  });

  it('reports at once when no widget is bound', () => {
    const onSettled = vi.fn();
    const engine = new SpinEngine({ onSettled }, { reducedMotion: () => false });
    engine.stopAt(2);
    expect(onSettled).toHaveBeenCalledExactlyOnceWith(2);
    expect(engine.getState()).toBe('idle');
  });

  it('drives a grid track (steps) onto the target slot', () => {
    const h = harness();
    h.engine.bind({
      speed: 0.014,
      accelMs: 300,
      ease: easeOutCubic,
      cancelMs: 600,
      targetFor: (i, from, { reduced }) => finalStep(from, i, reduced ? 0 : 2),
    });
    h.engine.start();
    h.advance(700);
    h.engine.stopAt(6);
    h.advance(10_000);
    expect(slotAtPosition(h.engine.getPosition())).toBe(6);
    expect(Number.isInteger(h.engine.getPosition())).toBe(true);
  });
});

describe('SpinEngine with real rAF under fake timers', () => {
  it('settles using requestAnimationFrame and performance.now', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      const onSettled = vi.fn();
      const engine = new SpinEngine({ onSettled }, { reducedMotion: () => false });
      engine.bind(wheelTrack);
      engine.start();
      vi.advanceTimersByTime(1000);
      expect(engine.getPosition()).toBeGreaterThan(0);
      engine.stopAt(3);
      vi.advanceTimersByTime(10_000);
      expect(onSettled).toHaveBeenCalledExactlyOnceWith(3);
      expect(segmentAtPointer(engine.getPosition(), SEGMENTS)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
