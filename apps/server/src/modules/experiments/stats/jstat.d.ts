// The part of jstat (a maintained, dependency-free statistics library without its own types) the tests use.
declare module 'jstat' {
  interface Located {
    cdf(x: number, mean: number, sd: number): number;
    inv(p: number, mean: number, sd: number): number;
  }
  interface WithDf {
    cdf(x: number, df: number): number;
    inv(p: number, df: number): number;
  }
  const jStat: { normal: Located; studentt: WithDf; chisquare: WithDf };
  export default jStat;
}
