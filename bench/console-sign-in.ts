/**
 * `npm run bench:console-sign-in [-- --samples N]`: how long the console's sign-in takes to answer an unknown
 * login, a wrong password on a real login, and a throttled attempt (ADR 0334: the three must not be told
 * apart by their time). The real app on a fresh SQLite database with the demo's console accounts, called
 * in turn (never at once, so the three see the same machine); prints ONE JSON line with each one's median
 * and 90th percentile in ms.
 */
import { loadavg } from 'node:os';
import { seedDemoConsole } from '../apps/server/src/cli/demo-console';
import { startTestApp } from '../apps/server/src/testing/harness';

const args = process.argv.slice(2);
const i = args.indexOf('--samples');
const SAMPLES = i >= 0 ? Number(args[i + 1]) : 30;

const t = await startTestApp('sqlite');
await seedDemoConsole(t.services);

let seq = 0;
async function signIn(login: string, password: string, ip: string): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/bmcs/api/console/auth/sign-in?corpId=demo',
    headers: { host: 'localhost:8080', origin: 'http://localhost:8080' },
    payload: { login, password, totp: '123456' },
    remoteAddress: ip,
  });
  return { ms: performance.now() - started, code: (res.json() as { code: number }).code };
}
const freshIp = () => {
  seq++;
  return `10.66.${seq % 250}.${Math.floor(seq / 250) + 1}`;
};

// One address whose attempts at `operator` are used up: every later attempt from it is throttled.
const held = freshIp();
for (let n = 0; n < 5; n++) await signIn('operator', 'wrong-password-1', held);

const times = { unknown: [] as number[], wrong: [] as number[], throttled: [] as number[] };
const codes = { unknown: new Set<number>(), wrong: new Set<number>(), throttled: new Set<number>() };
for (let n = 0; n < SAMPLES; n++) {
  // Each from an address of its own (the per-address allowance is not what is measured here).
  for (const [kind, r] of [
    ['unknown', await signIn(`nobody-${n}`, 'wrong-password-1', freshIp())],
    ['wrong', await signIn('approver', 'wrong-password-1', freshIp())],
    ['throttled', await signIn('operator', 'wrong-password-1', held)],
  ] as const) {
    times[kind].push(r.ms);
    codes[kind].add(r.code);
  }
}
await t.close();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 10) / 10;
};
const summary = (k: keyof typeof times) => ({ p50: pct(times[k], 0.5), p90: pct(times[k], 0.9), codes: [...codes[k]] });
console.log(
  JSON.stringify({
    bench: 'console-sign-in',
    db: 'sqlite',
    samples: SAMPLES,
    ms: { unknown: summary('unknown'), wrong: summary('wrong'), throttled: summary('throttled') },
    load: loadavg()[0]?.toFixed(2),
  }),
);
process.exit(0);
