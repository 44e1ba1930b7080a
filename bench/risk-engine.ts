/**
 * bench:risk's in-process half: the real engine (createServices → risk.engine.decide) on a SQLite file
 * database, with its counters in the SQLite file beside it or in Redis, 200 rules enforced (the shipped
 * default ruleset and variants of it). Decisions one at a time (the time one adds to a draw: p50/p99), then
 * BENCH_CONCURRENCY at once (decisions/s), then the same with no ruleset running (what a risk-checked draw paid
 * before any rule), then where a decision's time goes: the counters' round trip alone and the 200 rules alone.
 */
import { cpus } from 'node:os';
import type { RiskRule } from '@campaign/contract';
import type { RiskInput } from '../apps/server/src/modules/risk/compute-features';
import { DEFAULT_RISK_RULES } from '../apps/server/src/modules/risk/default-ruleset';

export const RULES = 200;

/** The default rules, then variants of them (thresholds moved, lower-priority actions) up to `n`. */
export function rulesOf(n: number): RiskRule[] {
  const out: RiskRule[] = [...DEFAULT_RISK_RULES];
  const actions = ['hold', 'degrade', 'step_up'] as const;
  for (let k = 1; out.length < n; k++) {
    for (const r of DEFAULT_RISK_RULES) {
      if (out.length >= n) break;
      out.push({
        id: `${r.id.slice(0, 30)}_v${k}`,
        name: `${r.name.slice(0, 30)}（变体 ${k}）`,
        expr: r.expr.replace(/>= (\d+)/g, (_, x: string) => `>= ${Number(x) + k}`),
        action: actions[k % actions.length] ?? 'hold',
      });
    }
  }
  return out;
}

/** A crowd with realistic sharing: most customers on their own device, addresses shared by a few. */
export function inputs(n: number, now: () => number): () => RiskInput {
  let i = 0;
  return () => {
    const u = (i++ * 7919) % n;
    const seg = u % 50 === 0 ? '170' : ['138', '139', '186', '135', '159'][u % 5];
    return {
      corpId: 'demo',
      actId: 'bench-wheel',
      userId: `u${u}`,
      ip: `10.${(u >> 10) & 255}.${(u >> 2) & 255}.${u & 3}`,
      deviceId: u % 7 === 0 ? null : `dev-${u}`,
      mobile: `${seg}${String(u).padStart(8, '0')}`,
      signedUpAt: now() - (u % 10 === 0 ? 60_000 : 400 * 86_400_000),
      sessionStartedAt: now() - 60_000,
      loginMethod: 'otp',
      grayFlag: null,
      now: now(),
    };
  };
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export const ms = (x: number) => Number(x.toFixed(3));

/** One at a time: each call's time, sorted. */
export async function oneByOne(n: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/**
 * `concurrency` callers for `seconds`: calls per second, and this process's CPU per call (ms), which moves far
 * less with the machine's other load than the rate does (Redis's own CPU is not in it).
 */
export async function throughput(seconds: number, concurrency: number, call: () => Promise<unknown>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await call();
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    perSec: Math.round(done / ((performance.now() - start) / 1000)),
    cpuMs: ms((used.user + used.system) / 1000 / Math.max(1, done)),
    /** What the node's cores (one process each, as WORKERS runs them) would carry with nothing else running. */
    perSecOnIdleNode: Math.round((cpus().length * 1000 * done) / Math.max(1, (used.user + used.system) / 1000)),
  };
}

export function summary(times: number[]) {
  return { p50ms: ms(quantile(times, 0.5)), p99ms: ms(quantile(times, 0.99)), maxMs: ms(times.at(-1) ?? 0) };
}
