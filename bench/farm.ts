/**
 * `npm run bench:farm [-- --db sqlite|pg] [--redis]`: a simulated campaign against a prize farm (issue 35),
 * through the real server modules and database, in this process: createServices → draw.draw on a risk-checked
 * campaign (its group has rocc on), so each attempt is decided by the risk engine with the shipped default
 * ruleset enforced (modules/risk/default-ruleset.ts), its counters where the server keeps them (the SQLite
 * file beside the database; PostgreSQL's tables, or Redis with --redis), and the decision stored. The clock is
 * simulated (twelve hours of campaign in a minute or two), the attempts made one at a time in time order.
 * The built-in velocity rules (the risk hook, 10-second windows) are switched off: the figures are the
 * ruleset's alone. HTTP, sessions and sign-up are not in it: each customer is an app_user row and the draw is
 * called with what a session would carry (mobile, sign-up time, OTP login).
 *
 * Crowd (bench/farm-crowd.ts): BENCH_HONEST (10,000) honest customers, a farm of BENCH_FARM (500) accounts on
 * 20 devices and 5 addresses. Not covered: the invite chain — the invite path (modules/growth) does not ask
 * the risk engine, and no feature reads the invite tree yet.
 *
 * Prize value stopped: a held award's value; for a blocked or degraded draw the main table's expected value
 * per draw (what the draw would have given on average). Step-up is not counted as stopped: a farm on 接码
 * numbers receives the SMS code. Targets: ≥ 95% of the farm's value stopped, ≤ 0.5% of honest customers touched.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseDefinition } from '../apps/server/src/campaign-file/definition';
import { applyDefinition } from '../apps/server/src/campaign-file/import';
import { testConfig } from '../apps/server/src/config';
import { type Database_, openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { DEFAULT_RISK_RULES } from '../apps/server/src/modules/risk/default-ruleset';
import { createServices } from '../apps/server/src/services';
import { enforceRules } from '../apps/server/src/testing/risk';
import { PG_ADMIN_URL } from './draw-shared';
import { type Attempt, type Customer, farm, honest, rng } from './farm-crowd';

const HONEST = Number(process.env.BENCH_HONEST ?? 10_000);
const FARM = Number(process.env.BENCH_FARM ?? 500);
const SEED = Number(process.env.BENCH_SEED ?? 35);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OPEN = Date.UTC(2026, 11, 5, 2, 0, 0);

/** Prize values (cents) and weights of the main table; the consolation table is 谢谢参与. */
const PRIZES = [
  { id: 'big', value: 8800, weight: 1 },
  { id: 'mid', value: 2000, weight: 5 },
  { id: 'small', value: 500, weight: 20 },
];
const THANKS_WEIGHT = 74;
const EV =
  PRIZES.reduce((s, p) => s + p.value * p.weight, 0) / (PRIZES.reduce((s, p) => s + p.weight, 0) + THANKS_WEIGHT);

const YAML = `
groups:
  - { id: farm-grp, corp: demo, showActIds: [farm-wheel], rocc: 1 }
activities:
  - id: farm-wheel
    corp: demo
    type: wheel
    group: farm-grp
    title: 开门红转盘
    startsAt: now-1m
    endsAt: now+2d
    chances: { perDay: 3 }
    rules: <p>bench</p>
    prizes:
${PRIZES.map((p) => `      - { id: ${p.id}, name: 券${p.value / 100}元, kind: coupon, image: /prizes/coupon.svg, weight: ${p.weight}, stock: 100000, valueCents: ${p.value} }`).join('\n')}
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: ${THANKS_WEIGHT}, consolation: true }
`;

async function openDb(kind: 'sqlite' | 'pg') {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-farm-'));
    const database = openDatabase({ kind: 'sqlite', path: join(dir, 'farm.db') });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `campaign_farm_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
  return {
    database,
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function seed(database: Database_, customers: Customer[]) {
  await database.db
    .insertInto('corp')
    .values({ id: 'demo', name: 'demo', app_secret: 'x', white_listed: 1, gray: 0, created_at: OPEN - 86_400_000 })
    .execute();
  const rows = customers.map((c) => ({
    id: c.id,
    corp_id: 'demo',
    nuid: `n-${c.id}`,
    mobile: c.mobile,
    open_id: null,
    created_at: OPEN - c.ageAtOpenMs,
    bank_linked_at: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await database.db
      .insertInto('app_user')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function simulate(kind: 'sqlite' | 'pg', redis: boolean) {
  const r = rng(SEED);
  const h = honest(HONEST, r);
  const f = farm(FARM, 20, 5, r);
  const attempts: Attempt[] = [...h.attempts, ...f.attempts].sort((a, b) => a.at - b.at);
  const { database, drop } = await openDb(kind);
  const prefix = `bench-farm:${process.pid}:`;
  const clock = { now: OPEN - 60_000 };
  const config = { ...testConfig(), env: 'development' as const, redis: redis ? { url: REDIS_URL, prefix } : null };
  const services = createServices({ database, config, clock: () => clock.now, riskHook: () => ({ allow: true }) });
  try {
    await migrateToLatest(database.db);
    await seed(database, [...h.customers, ...f.customers]);
    await applyDefinition(database.db, services.publishing, parseDefinition(YAML, 'farm.yaml', clock.now), clock.now);
    await enforceRules(database, 'demo', DEFAULT_RISK_RULES, clock.now);
    if (redis) await new Promise((res) => setTimeout(res, 1000));
    const corp = { id: 'demo', name: 'demo', whiteListed: true, gray: false, appSecret: 'x' };
    const refused = new Map<string, number>();
    const started = performance.now();
    for (const [k, a] of attempts.entries()) {
      clock.now = OPEN + a.at;
      const c = a.who;
      const user = {
        id: c.id,
        corpId: 'demo',
        nuid: `n-${c.id}`,
        mobile: c.mobile,
        openId: null,
        loginMethod: 'otp' as const,
        tokenHash: '',
        signedUpAt: OPEN - c.ageAtOpenMs,
        // The session began with an SMS code a while before the draw (not fresh enough for a step-up).
        sessionStartedAt: clock.now - 30 * 60_000,
      };
      const req = { actId: 'farm-wheel', idemKey: `k${k}`, via: 'lottery' as const, ip: c.ip, deviceId: c.deviceId };
      await services.draw.draw(corp, user, { ...req, grayFlag: null, nuid: user.nuid }).catch((err: unknown) => {
        const code = (err as { errorName?: string }).errorName ?? String(err);
        refused.set(code, (refused.get(code) ?? 0) + 1);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const decisions = await database.db
      .selectFrom('risk_decision')
      .select(['user_id', 'action', 'value_cents', 'matched'])
      .execute();
    return { ...report([...h.customers, ...f.customers], decisions), attempts: attempts.length, seconds, refused };
  } finally {
    await services.risk.close();
    await database.close();
    await drop();
  }
}

type Decision = { user_id: string; action: string; value_cents: number | null; matched: string };

function report(customers: Customer[], decisions: Decision[]) {
  const farmIds = new Set(customers.filter((c) => c.farm).map((c) => c.id));
  const touched = new Set<string>();
  const value = {
    farm: { received: 0, held: 0, blockedOrDegraded: 0, stepUp: 0 },
    honest: { received: 0, held: 0, blockedOrDegraded: 0, stepUp: 0 },
  };
  const actions = { farm: {} as Record<string, number>, honest: {} as Record<string, number> };
  // The rules that acted, by decisions of each group.
  const rules = { farm: {} as Record<string, number>, honest: {} as Record<string, number> };
  for (const d of decisions) {
    const g = farmIds.has(d.user_id) ? 'farm' : 'honest';
    actions[g][d.action] = (actions[g][d.action] ?? 0) + 1;
    for (const id of JSON.parse(d.matched) as string[]) rules[g][id] = (rules[g][id] ?? 0) + 1;
    if (d.action !== 'allow') touched.add(d.user_id);
    const v = Number(d.value_cents ?? 0);
    if (d.action === 'allow') value[g].received += v;
    else if (d.action === 'hold') value[g].held += v;
    else if (d.action === 'step_up') value[g].stepUp += EV;
    else value[g].blockedOrDegraded += EV;
  }
  const ids = { farm: [...farmIds], honest: customers.filter((c) => !c.farm).map((c) => c.id) };
  const matrix = {
    farm: {
      allowed: ids.farm.filter((i) => !touched.has(i)).length,
      touched: ids.farm.filter((i) => touched.has(i)).length,
    },
    honest: {
      allowed: ids.honest.filter((i) => !touched.has(i)).length,
      touched: ids.honest.filter((i) => touched.has(i)).length,
    },
  };
  const fv = value.farm;
  const stopped = fv.held + fv.blockedOrDegraded;
  const farmStoppedShare = stopped / Math.max(1, stopped + fv.received + fv.stepUp);
  const honestTouchedShare = matrix.honest.touched / Math.max(1, ids.honest.length);
  return { matrix, actions, rules, value, evCents: EV, farmStoppedShare, honestTouchedShare };
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(0)}`;

async function main() {
  const at = process.argv.indexOf('--db');
  const kind = at > 0 && process.argv[at + 1] === 'pg' ? 'pg' : 'sqlite';
  const redis = process.argv.includes('--redis');
  const out = await simulate(kind, redis);
  const m = out.matrix;
  const row = (g: 'farm' | 'honest') => {
    const v = out.value[g];
    return `${g.padEnd(7)}| ${String(m[g].allowed).padStart(8)} | ${String(m[g].touched).padStart(8)} | received ${yuan(v.received)}, held ${yuan(v.held)}, blocked/degraded ${yuan(v.blockedOrDegraded)} (expected), step-up ${yuan(v.stepUp)} (expected)`;
  };
  console.log(
    `bench:farm on ${kind}${redis ? ' + redis' : ''}: ${out.attempts} attempts in ${out.seconds.toFixed(1)} s`,
  );
  console.log('accounts | allowed  | touched  | prize value');
  console.log(row('farm'));
  console.log(row('honest'));
  console.log(`actions: farm ${JSON.stringify(out.actions.farm)}; honest ${JSON.stringify(out.actions.honest)}`);
  console.log(
    `rules that acted (decisions): farm ${JSON.stringify(out.rules.farm)}; honest ${JSON.stringify(out.rules.honest)}`,
  );
  console.log(
    `farm's prize value stopped: ${(out.farmStoppedShare * 100).toFixed(1)}% (target ≥ 95%); honest customers touched: ${(out.honestTouchedShare * 100).toFixed(2)}% (target ≤ 0.5%)`,
  );
  console.log(
    JSON.stringify({
      bench: 'farm',
      db: kind,
      counters: redis ? 'redis' : kind === 'pg' ? 'postgres' : 'sqlite',
      honest: HONEST,
      farm: FARM,
      seed: SEED,
      ...out,
      refused: Object.fromEntries(out.refused),
      targetMet: out.farmStoppedShare >= 0.95 && out.honestTouchedShare <= 0.005,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
