import type { Easing } from './wheel-math';

export type SpinState = 'idle' | 'spinning' | 'stopping';

/**
 * What a widget tells the controller about its motion. Positions are in the widget's own unit
 * (degrees for the wheel, steps for the 9-grid) and only ever grow.
 */
export interface SpinTrack {
  /** Cruising speed, units per millisecond. */
  speed: number;
  /** Spin-up time from rest to cruising speed. */
  accelMs: number;
  /** Deceleration curve; its slope at 0 makes the slow-down start at exactly cruising speed. */
  ease: Easing;
  /** Absolute landing position for prize `index`, at least a few laps ahead of `from` unless `reduced`. */
  targetFor(index: number, from: number, opts: { reduced: boolean; seed?: number }): number;
  /** How long a cancelled spin takes to coast to rest. */
  cancelMs: number;
}

export interface StopPlan {
  /** When the deceleration begins (may be in the future while spinning up). */
  at: number;
  from: number;
  distance: number;
  duration: number;
  ease: Easing;
  /** Prize index to report, or null for a cancelled spin. */
  target: number | null;
}

export interface Motion {
  startedAt: number;
  startPos: number;
  /** units/ms; 0 under reduced motion so nothing moves until the result is known. */
  speed: number;
  accelMs: number;
  stop: StopPlan | null;
}

/** Position before any stop: quadratic spin-up, then constant speed. */
export function freePosition(m: Motion, t: number): number {
  const dt = Math.max(0, t - m.startedAt);
  if (m.accelMs <= 0) return m.startPos + m.speed * dt;
  if (dt < m.accelMs) return m.startPos + (m.speed * dt * dt) / (2 * m.accelMs);
  return m.startPos + (m.speed * m.accelMs) / 2 + m.speed * (dt - m.accelMs);
}

export function positionAt(m: Motion, t: number): number {
  const stop = m.stop;
  if (stop && t >= stop.at) {
    const u = stop.duration <= 0 ? 1 : (t - stop.at) / stop.duration;
    return u >= 1 ? stop.from + stop.distance : stop.from + stop.distance * stop.ease(u);
  }
  return freePosition(m, t);
}

export function stopEndsAt(stop: StopPlan): number {
  return stop.at + stop.duration;
}

/**
 * Plans a deceleration onto `targetPos`. It starts once spin-up is over (the wheel must be at full
 * speed for the ease's initial slope to match it) and lasts however long it takes an ease that starts
 * at cruising speed to cover the distance, so there is never a jolt in speed.
 */
export function planStop(
  m: Motion,
  now: number,
  targetPos: (from: number) => number,
  target: number | null,
  ease: Easing,
  reducedMs: number,
): StopPlan {
  if (m.speed <= 0) {
    const from = positionAt(m, now);
    return { at: now, from, distance: Math.max(0, targetPos(from) - from), duration: reducedMs, ease, target };
  }
  const at = Math.max(now, m.startedAt + m.accelMs);
  const from = freePosition(m, at);
  const distance = Math.max(0, targetPos(from) - from);
  const duration = ease.slope0 > 0 ? (ease.slope0 * distance) / m.speed : reducedMs;
  return { at, from, distance, duration, ease, target };
}

export interface ControllerDeps {
  now: () => number;
  requestFrame: (cb: (t: number) => void) => number;
  cancelFrame: (id: number) => void;
  reducedMotion: () => boolean;
}

export interface ControllerCallbacks {
  onSettled?: (index: number) => void;
  onCancelled?: () => void;
}

export type FrameListener = (position: number, state: SpinState) => void;

const REDUCED_MS = 300;

function defaultDeps(): ControllerDeps {
  return {
    now: () => performance.now(),
    requestFrame: (cb) => requestAnimationFrame(cb),
    cancelFrame: (id) => cancelAnimationFrame(id),
    reducedMotion: () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}

/**
 * The draw animation's state machine, independent of React and of what is drawn:
 * idle → start() → spinning → stopAt(i) | cancel() → stopping → idle (+ onSettled(i) | onCancelled()).
 * stopAt() may come while idle (it starts first), during spin-up (the stop waits for full speed),
 * or any time later. Positions are a pure function of time, so dropped frames never change where
 * the wheel lands.
 */
export class SpinEngine {
  private state: SpinState = 'idle';
  /** The index the last spin settled on (null after a cancel or before any spin); widgets highlight it. */
  private lastResult: number | null = null;
  private position = 0;
  private motion: Motion | null = null;
  private track: SpinTrack | null = null;
  private frame: number | null = null;
  private readonly frameListeners = new Set<FrameListener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly deps: ControllerDeps;
  callbacks: ControllerCallbacks;

  constructor(callbacks: ControllerCallbacks = {}, deps: Partial<ControllerDeps> = {}) {
    this.callbacks = callbacks;
    this.deps = { ...defaultDeps(), ...deps };
  }

  getState = (): SpinState => this.state;
  getPosition = (): number => this.position;
  getLastResult = (): number | null => this.lastResult;

  /** A widget registers its motion; returns the unbind function. */
  bind(track: SpinTrack): () => void {
    this.track = track;
    return () => {
      if (this.track === track) this.track = null;
    };
  }

  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  start = (): void => {
    if (this.state !== 'idle') return;
    this.lastResult = null;
    const track = this.track;
    const reduced = this.deps.reducedMotion();
    this.motion = {
      startedAt: this.deps.now(),
      startPos: this.position,
      speed: track && !reduced ? track.speed : 0,
      accelMs: track?.accelMs ?? 0,
      stop: null,
    };
    this.setState('spinning');
    this.loop();
  };

  stopAt = (index: number, opts: { seed?: number } = {}): void => {
    if (this.state === 'stopping') return;
    if (this.state === 'idle') this.start();
    const track = this.track;
    const motion = this.motion;
    if (!track || !motion) {
      // Nothing on screen to animate: report the result at once rather than never.
      this.finish(index);
      return;
    }
    const reduced = motion.speed <= 0;
    const seed = opts.seed;
    const targetPos = (from: number) =>
      track.targetFor(index, from, seed === undefined ? { reduced } : { reduced, seed });
    // Validate eagerly so a bad index throws in the caller, not inside an animation frame.
    targetPos(positionAt(motion, this.deps.now()));
    motion.stop = planStop(motion, this.deps.now(), targetPos, index, track.ease, REDUCED_MS);
    this.setState('stopping');
    this.loop();
  };

  cancel = (): void => {
    if (this.state !== 'spinning') return;
    const track = this.track;
    const motion = this.motion;
    if (!track || !motion || motion.speed <= 0) {
      this.finish(null);
      return;
    }
    const coast = (from: number) => from + (motion.speed * track.cancelMs) / track.ease.slope0;
    motion.stop = planStop(motion, this.deps.now(), coast, null, track.ease, 0);
    this.setState('stopping');
    this.loop();
  };

  /** Advances to time `t`; exposed so tests and hidden-tab resumes settle deterministically. */
  tick = (t: number): void => {
    const motion = this.motion;
    if (!motion) return;
    this.position = positionAt(motion, t);
    for (const l of this.frameListeners) l(this.position, this.state);
    const stop = motion.stop;
    if (stop && t >= stopEndsAt(stop)) {
      this.position = stop.from + stop.distance;
      this.finish(stop.target);
    }
  };

  dispose(): void {
    if (this.frame !== null) this.deps.cancelFrame(this.frame);
    this.frame = null;
    this.motion = null;
    this.state = 'idle';
  }

  private loop(): void {
    if (this.frame !== null) return;
    const step = () => {
      this.frame = null;
      if (this.state === 'idle') return;
      // Our own clock rather than the rAF timestamp, so tests can inject time and positions stay
      // consistent with the values used when the stop was planned.
      this.tick(this.deps.now());
      if (this.getState() !== 'idle') this.frame = this.deps.requestFrame(step);
    };
    this.frame = this.deps.requestFrame(step);
  }

  private finish(target: number | null): void {
    this.motion = null;
    this.lastResult = target;
    if (this.frame !== null) this.deps.cancelFrame(this.frame);
    this.frame = null;
    this.setState('idle');
    for (const l of this.frameListeners) l(this.position, this.state);
    if (target === null) this.callbacks.onCancelled?.();
    else this.callbacks.onSettled?.(target);
  }

  private setState(s: SpinState): void {
    if (this.state === s) return;
    this.state = s;
    for (const l of this.stateListeners) l();
  }
}
