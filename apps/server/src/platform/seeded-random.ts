/**
 * mulberry32: a small seeded generator of numbers in [0, 1), for what must come out the same on every run (the
 * demo's leaderboard, simulations in tests and benches). Never for anything a customer or an attacker could
 * predict to their gain: draws use the campaign's committed seed (modules/draw/fairness.ts).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
