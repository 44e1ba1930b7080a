/**
 * Geometry of the prize wheel. Angles are degrees, measured clockwise from 12 o'clock.
 * Segment i is centred at i × segmentAngle in the wheel's own frame, so at rotation 0 segment 0
 * sits under the pointer (which is fixed at the top). Rotating the wheel clockwise by R degrees
 * brings the wheel-frame angle −R under the pointer.
 */

export function segmentAngle(count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`segment count must be a positive integer: ${count}`);
  return 360 / count;
}

/** Normalises any angle into [0, 360). */
export function normalizeAngle(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/** Start and end (wheel frame) of segment `index`; end may exceed 360 for the last one. */
export function segmentBounds(index: number, count: number): { start: number; end: number; center: number } {
  const s = segmentAngle(count);
  const center = index * s;
  return { start: center - s / 2, end: center + s / 2, center };
}

/** Which segment sits under the pointer when the wheel is rotated clockwise by `rotation` degrees. */
export function segmentAtPointer(rotation: number, count: number): number {
  const s = segmentAngle(count);
  const underPointer = normalizeAngle(-rotation);
  return Math.floor((underPointer + s / 2) / s) % count;
}

export interface FinalRotationOptions {
  /** Whole turns the wheel must still make before landing (≥ 0). */
  minTurns: number;
  /**
   * Where inside the segment to land, as a fraction of its width from the centre:
   * 0 = centre, ±0.5 = edges. Callers keep this within ±0.3 (the inner 60%).
   */
  offset?: number;
}

/**
 * The absolute rotation ≥ current + minTurns × 360 that puts the pointer inside segment `target`.
 * Rotations only grow (the wheel turns one way), so the result is always ahead of `current`.
 */
export function finalRotation(current: number, target: number, count: number, opts: FinalRotationOptions): number {
  if (!Number.isInteger(target) || target < 0 || target >= count) {
    throw new RangeError(`target ${target} outside 0..${count - 1}`);
  }
  const s = segmentAngle(count);
  const offset = Math.max(-0.5, Math.min(0.5, opts.offset ?? 0));
  const wheelAngle = target * s + offset * s;
  const base = current + Math.max(0, opts.minTurns) * 360;
  // Need normalize(-R) === wheelAngle, i.e. R ≡ −wheelAngle (mod 360).
  const delta = normalizeAngle(-wheelAngle - base);
  return base + delta;
}

/** Deterministic landing offset in [−0.3, 0.3] (inner 60% of a segment) from an integer seed. */
export function landingOffset(seed: number): number {
  return (mulberry32(seed) - 0.5) * 0.6;
}

/** Small seeded PRNG: one value in [0, 1) per seed; enough for a visual jitter, not for fairness. */
export function mulberry32(seed: number): number {
  let t = (seed + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export interface Easing {
  (u: number): number;
  /** Derivative at u = 0: lets a deceleration start at exactly the cruising speed. */
  readonly slope0: number;
}

function easing(fn: (u: number) => number, slope0: number): Easing {
  return Object.assign((u: number) => fn(Math.max(0, Math.min(1, u))), { slope0 });
}

export const easeOutCubic: Easing = easing((u) => 1 - (1 - u) ** 3, 3);
export const easeOutQuad: Easing = easing((u) => 1 - (1 - u) ** 2, 2);
export const easeInOutCubic: Easing = easing((u) => (u < 0.5 ? 4 * u ** 3 : 1 - (-2 * u + 2) ** 3 / 2), 0);
