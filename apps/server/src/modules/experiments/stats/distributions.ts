import jStat from 'jstat';

// The distribution functions the tests read, from one maintained package (jstat), in one place.

/** Standard normal CDF. */
export const normalCdf = (z: number): number => jStat.normal.cdf(z, 0, 1);
/** Standard normal quantile. */
export const normalQuantile = (p: number): number => jStat.normal.inv(p, 0, 1);
/** Student's t CDF with `df` degrees of freedom (not necessarily whole: Welch). */
export const tCdf = (t: number, df: number): number => jStat.studentt.cdf(t, df);
/** Student's t quantile. */
export const tQuantile = (p: number, df: number): number => jStat.studentt.inv(p, df);
/** Chi-square CDF. */
export const chiSquareCdf = (x: number, df: number): number => jStat.chisquare.cdf(x, df);
