/** What a test reads of one arm: its size, its mean and its sample variance (n − 1 in the denominator). */
export interface Summary {
  n: number;
  mean: number;
  variance: number;
}

/** An arm's summary from per-customer values (Welford's update: no sum of squares to cancel). */
export function summaryOf(values: readonly number[]): Summary {
  let mean = 0;
  let m2 = 0;
  values.forEach((v, i) => {
    const delta = v - mean;
    mean += delta / (i + 1);
    m2 += delta * (v - mean);
  });
  const n = values.length;
  return { n, mean, variance: n > 1 ? m2 / (n - 1) : 0 };
}

/** An arm's summary from roll-up sums (count, Σv, Σv²), as the hourly counters keep them. */
export function summaryFromSums(n: number, sum: number, sumSquares: number): Summary {
  if (n < 1) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0;
  return { n, mean, variance };
}
