export interface Point {
  x: number;
  y: number;
}

/**
 * Points along a→b spaced at most `spacing` apart (a excluded, b included), so stamping a brush of
 * radius r at each with spacing ≤ r leaves no gap however fast the finger moved between events.
 */
export function interpolateStroke(a: Point, b: Point, spacing: number): Point[] {
  if (!(spacing > 0)) throw new RangeError('spacing must be > 0');
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dist = Math.hypot(dx, dy);
  const steps = Math.max(1, Math.ceil(dist / spacing));
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) out.push({ x: a.x + (dx * i) / steps, y: a.y + (dy * i) / steps });
  return out;
}

/**
 * Share of the cover that is scratched away, estimated from an RGBA buffer by sampling one pixel
 * every `step` pixels in both directions (reading every pixel on every move is too slow on phones).
 * A sample counts as cleared when its alpha is below `alphaThreshold`.
 */
export function coverageFromRgba(
  data: ArrayLike<number>,
  width: number,
  height: number,
  step: number,
  alphaThreshold = 128,
): number {
  if (width <= 0 || height <= 0) return 0;
  if (data.length < width * height * 4) throw new RangeError('buffer smaller than width × height × 4');
  const s = Math.max(1, Math.floor(step));
  let total = 0;
  let cleared = 0;
  // Offset by half a step so samples sit in cell centres rather than hugging the top-left edge.
  const start = Math.floor(s / 2);
  for (let y = Math.min(start, height - 1); y < height; y += s) {
    const row = y * width;
    for (let x = Math.min(start, width - 1); x < width; x += s) {
      total++;
      if ((data[(row + x) * 4 + 3] ?? 255) < alphaThreshold) cleared++;
    }
  }
  return total === 0 ? 0 : cleared / total;
}
