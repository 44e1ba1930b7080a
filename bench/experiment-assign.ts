/**
 * `npm run bench:assign`: the cost of assigning a customer to an experiment's variant (issue 38's target: ≤ 0.05 ms
 * added to a draw) over BENCH_CUSTOMERS (default 1,000,000) customer ids, the way the draw will do it: SHA-256 by
 * node:crypto, bucket, split (34/33/33 with a 10% holdout), sticky rule with nothing stored; then the same with a
 * layer check first (a second hash). Also the observed shares against the published split and its sample-ratio
 * test, which must not flag on honest hashing. Prints a table, then one JSON line.
 */
import { createHash } from 'node:crypto';
import { bucketOf, inSlice, type Split, stickyAssign } from '@campaign/contract/experiment-bucket';
import { sampleRatioCheck } from '../apps/server/src/modules/experiments/stats/sample-ratio';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const SALT = '9f2c4e7a1b3d5f60718293a4b5c6d7e8';
const LAYER_SALT = 'c0ffee00deadbeef0123456789abcdef';
const SPLIT: Split = { variants: [3400, 3300, 3300], holdout: 1000 };
const SLICE = { layer: 'home', from: 0, to: 10_000 };
const sha256 = (m: string) => createHash('sha256').update(m, 'utf8').digest();

/** Arm index per customer: 0 holdout, 1 + variant otherwise. */
function assignOne(id: string): number {
  const a = stickyAssign(null, bucketOf(SALT, id, sha256), SPLIT);
  return a.kind === 'holdout' ? 0 : a.variant + 1;
}

function withLayer(id: string): number {
  return inSlice(bucketOf(LAYER_SALT, id, sha256), SLICE) ? assignOne(id) : -1;
}

/** Mean µs per customer over the whole run, and the arms' counts. */
function run(assign: (id: string) => number): { usPer: number; counts: number[] } {
  const counts = [0, 0, 0, 0];
  const start = process.hrtime.bigint();
  for (let i = 0; i < CUSTOMERS; i++) {
    const arm = assign(`c${i}`);
    if (arm >= 0) counts[arm] = (counts[arm] ?? 0) + 1;
  }
  return { usPer: Number(process.hrtime.bigint() - start) / 1000 / CUSTOMERS, counts };
}

/** p99 in µs of 20,000 assignments timed one by one (the timer's own cost included). */
function p99(assign: (id: string) => number): number {
  const times: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const t = process.hrtime.bigint();
    assign(`p${i}`);
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.99)] ?? Number.NaN;
}

run(assignOne); // warm up
const plain = run(assignOne);
const layered = run(withLayer);
const plainP99 = p99(assignOne);
const published = [SPLIT.holdout ?? 0, ...SPLIT.variants.map((w) => (w * (10_000 - (SPLIT.holdout ?? 0))) / 10_000)];
const shares = plain.counts.map((c) => c / CUSTOMERS);
const srm = sampleRatioCheck(plain.counts, published);

const arms = ['holdout', 'A', 'B', 'C'];
console.log(`customers ${CUSTOMERS.toLocaleString('en')}, split 34/33/33 + 10% holdout`);
console.log(`assignment        ${plain.usPer.toFixed(3)} µs mean, ${plainP99.toFixed(3)} µs p99 (target ≤ 50 µs)`);
console.log(`with layer check  ${layered.usPer.toFixed(3)} µs mean`);
for (const [i, name] of arms.entries())
  console.log(`${name.padEnd(8)} ${(100 * (shares[i] ?? 0)).toFixed(3)}%  (published ${(published[i] ?? 0) / 100}%)`);
console.log(`sample-ratio χ² ${srm.chiSquare.toFixed(3)}, p ${srm.pValue.toFixed(4)}, mismatch ${srm.mismatch}`);
console.log(
  JSON.stringify({
    bench: 'experiment-assign',
    customers: CUSTOMERS,
    usPerAssignment: Number(plain.usPer.toFixed(3)),
    usP99: Number(plainP99.toFixed(3)),
    usPerAssignmentWithLayer: Number(layered.usPer.toFixed(3)),
    targetUs: 50,
    shares: Object.fromEntries(arms.map((a, i) => [a, Number((shares[i] ?? 0).toFixed(5))])),
    srmP: Number(srm.pValue.toFixed(4)),
  }),
);
