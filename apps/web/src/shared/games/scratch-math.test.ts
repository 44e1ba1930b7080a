import { describe, expect, it } from 'vitest';
import { coverageFromRgba, interpolateStroke } from './scratch-math';

function buffer(width: number, height: number, alphaAt: (x: number, y: number) => number): Uint8ClampedArray {
  const d = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) d[(y * width + x) * 4 + 3] = alphaAt(x, y);
  return d;
}

describe('coverageFromRgba', () => {
  it('is 0 for an intact cover and 1 for a fully cleared one', () => {
    expect(
      coverageFromRgba(
        buffer(40, 30, () => 255),
        40,
        30,
        4,
      ),
    ).toBe(0);
    expect(
      coverageFromRgba(
        buffer(40, 30, () => 0),
        40,
        30,
        4,
      ),
    ).toBe(1);
  });

  it('estimates partial coverage close to the true share', () => {
    // Left 30% cleared.
    const w = 200;
    const h = 100;
    const d = buffer(w, h, (x) => (x < 60 ? 0 : 255));
    expect(coverageFromRgba(d, w, h, 8)).toBeCloseTo(0.3, 1);
    // A cleared disc of radius 40 in the middle: π·40² / 20000 ≈ 0.251.
    const disc = buffer(w, h, (x, y) => (Math.hypot(x - 100, y - 50) < 40 ? 0 : 255));
    expect(Math.abs(coverageFromRgba(disc, w, h, 5) - (Math.PI * 1600) / 20000)).toBeLessThan(0.02);
  });

  it('uses the alpha threshold (half-transparent pixels are not yet scratched)', () => {
    const d = buffer(10, 10, () => 200);
    expect(coverageFromRgba(d, 10, 10, 1)).toBe(0);
    expect(coverageFromRgba(d, 10, 10, 1, 201)).toBe(1);
  });

  it('samples rather than reading every pixel', () => {
    let reads = 0;
    const base = buffer(100, 100, () => 0);
    const counting = new Proxy(base, {
      get(target, prop) {
        if (typeof prop === 'string' && /^\d+$/.test(prop)) reads++;
        return Reflect.get(target, prop);
      },
    });
    expect(coverageFromRgba(counting, 100, 100, 10)).toBe(1);
    expect(reads).toBe(100);
  });

  it('handles tiny sizes and rejects short buffers', () => {
    expect(
      coverageFromRgba(
        buffer(1, 1, () => 0),
        1,
        1,
        16,
      ),
    ).toBe(1);
    expect(coverageFromRgba(new Uint8ClampedArray(0), 0, 0, 4)).toBe(0);
    expect(() => coverageFromRgba(new Uint8ClampedArray(8), 10, 10, 2)).toThrow(RangeError);
  });
});

describe('interpolateStroke', () => {
  it('fills a fast swipe with points no further apart than the spacing, ending at the target', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 300, y: 400 };
    const pts = interpolateStroke(a, b, 10);
    expect(pts.at(-1)).toEqual(b);
    let prev = a;
    for (const p of pts) {
      expect(Math.hypot(p.x - prev.x, p.y - prev.y)).toBeLessThanOrEqual(10 + 1e-9);
      prev = p;
    }
    expect(pts.length).toBe(50);
  });

  it('returns just the end point for a short move, and rejects a non-positive spacing', () => {
    expect(interpolateStroke({ x: 1, y: 1 }, { x: 2, y: 1 }, 10)).toEqual([{ x: 2, y: 1 }]);
    expect(interpolateStroke({ x: 1, y: 1 }, { x: 1, y: 1 }, 10)).toEqual([{ x: 1, y: 1 }]);
    expect(() => interpolateStroke({ x: 0, y: 0 }, { x: 1, y: 1 }, 0)).toThrow(RangeError);
  });
});
