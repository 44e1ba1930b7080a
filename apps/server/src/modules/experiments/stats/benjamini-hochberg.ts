/**
 * Benjamini–Hochberg (1995) for several metrics read at once: each p-value adjusted to
 * min over j ≥ i of (m / j) · p₍ⱼ₎ (capped at 1), in the input's order; a metric is a discovery when its adjusted
 * value is at most q, which keeps the expected share of false discoveries at most q.
 */
export function benjaminiHochberg(pValues: readonly number[], q = 0.05): { adjusted: number[]; rejected: boolean[] } {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m).fill(1);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const item = order[rank - 1];
    if (!item) continue;
    running = Math.min(running, (item.p * m) / rank);
    adjusted[item.i] = running;
  }
  return { adjusted, rejected: adjusted.map((p) => p <= q) };
}
