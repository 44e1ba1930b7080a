import type { RiskReplayJob, RiskRulesetDetail } from '@campaign/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { own } from '../../db/owners';
import { createServices } from '../../services';
import { type ConsoleClient, consoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, secondNode, startTestApp, type TestApp } from '../../testing/harness';
import { seedDecisions } from '../../testing/risk-log';
import { DEVICE_KEEP_MS } from './purge-devices';
import { replay } from './replay';

const kinds = await dialects();
const DAY = 86_400_000;

const RULES = [
  { id: 'busy_customer', name: '一天内多次参与', expr: 'customer.draws_1d >= 5', action: 'hold' },
  { id: 'listed_phone', name: '名单手机号', expr: 'listed.phone', action: 'block' },
  { id: 'shared_device', name: '多账户设备', expr: 'device.accounts_1d >= 4', action: 'step_up' },
];

describe.each(kinds)('risk replay jobs and the device-id purge on %s', (kind) => {
  let t: TestApp;
  let operator: ConsoleClient;
  let other: FastifyInstance;
  let acts: string[];
  let version: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    operator = await consoleSignIn(t, DEMO_CONSOLE.operator);
    other = await secondNode(t);
    const rows = await t.database.db.selectFrom('activity').select('id').where('corp_id', '=', 'demo').execute();
    acts = rows.map((r) => r.id).sort();
    // 30,000 decisions of one campaign (six pages: a job that cannot end while twenty starts are answered),
    // 2,345 of another (outside the replayed scope).
    const seed = { corpId: 'demo', at: t.clock.now, deviceIds: false };
    await seedDecisions(t.database, { ...seed, actId: acts[0] as string, n: 30_000 });
    await seedDecisions(t.database, { ...seed, actId: acts[1] as string, n: 2_345 });
    const saved = body<RiskRulesetDetail>(
      await operator.post('/console/risk/ruleset/save', { name: '候选', rules: RULES }),
    );
    version = saved.data.id;
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** Polls the job from the second node (the progress is stored, so any node answers) until it ends. */
  async function untilEnded(id: string) {
    const onOther = consoleClient({ ...t, app: other }, operator.cookie, operator.csrf, operator.staffId);
    for (let i = 0; i < 600; i++) {
      const job = body<RiskReplayJob>(await onOther.get(`/console/risk/replay/job?id=${id}`));
      expect(job.code).toBe(0);
      if (job.data.state !== 'running') return job.data;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the replay never ended');
  }

  it('twenty starts at once make one job; it runs to done with its progress and the synchronous checksum', async () => {
    const starts = await Promise.all(
      Array.from({ length: 20 }, () => operator.post('/console/risk/replay', { id: version, actId: acts[0] })),
    );
    const jobs = starts.map((s) => body<RiskReplayJob>(s));
    expect(jobs.every((j) => j.code === 0)).toBe(true);
    expect(new Set(jobs.map((j) => j.data.id)).size).toBe(1);
    expect(jobs[0]?.data).toMatchObject({ state: 'running', actId: acts[0], result: null });
    const rows = await t.database.db.selectFrom('risk_replay_job').selectAll().execute();
    expect(rows).toHaveLength(1);
    const ended = await untilEnded(jobs[0]?.data.id as string);
    const sync = await replay(own('risk', t.database.db), 'demo', { id: version, actId: acts[0] });
    expect(ended).toMatchObject({ state: 'done', done: 30_000, total: 30_000 });
    expect(ended.result?.checksum).toBe(sync.checksum);
    // 30 of the 30,000 were decided while the counters were unreachable: skipped.
    expect(ended.result).toMatchObject({ events: 29_970, acted: sync.acted, customers: sync.customers });
    expect(ended.result?.rules.map((r) => r.hits)).toEqual(sync.rules.map((r) => r.hits));
    const busy = ended.result?.rules.find((r) => r.ruleId === 'busy_customer');
    expect(busy?.hits).toBeGreaterThan(0);
    expect(busy?.withheldCents).toBeGreaterThan(0);
    // A step-up withholds nothing.
    expect(ended.result?.rules.find((r) => r.ruleId === 'shared_device')?.withheldCents).toBe(0);
    // Once ended, a start makes a new job; the same log gives the same checksum.
    const again = body<RiskReplayJob>(await operator.post('/console/risk/replay', { id: version, actId: acts[0] }));
    expect(again.data.id).not.toBe(jobs[0]?.data.id);
    expect((await untilEnded(again.data.id)).result?.checksum).toBe(sync.checksum);
  }, 60_000);

  it("the corp's whole log is walked campaign by campaign, the same as in one go", async () => {
    const started = body<RiskReplayJob>(await operator.post('/console/risk/replay', { id: version }));
    expect(started.data.actId).toBeNull();
    const ended = await untilEnded(started.data.id);
    const sync = await replay(own('risk', t.database.db), 'demo', { id: version });
    // Both campaigns: 30,000 and 2,345 decisions, of which 30 and 2 had no features.
    expect(ended).toMatchObject({ state: 'done', done: 32_345, total: 32_345 });
    expect(ended.result).toMatchObject({ events: 32_313, checksum: sync.checksum });
  }, 60_000);

  it('a cancelled job stops at its next page and keeps what it had done; an unknown job is a typed error', async () => {
    const started = await t.services.risk.replays.start('demo', { id: 'staff' }, { id: version, actId: acts[0] });
    const cancelled = body<RiskReplayJob>(await operator.post('/console/risk/replay/cancel', { id: started.id }));
    expect(cancelled.data.state).toBe('cancelled');
    await t.services.risk.replays.idle();
    const after = body<RiskReplayJob>(await operator.get(`/console/risk/replay/job?id=${started.id}`)).data;
    expect(after).toMatchObject({ state: 'cancelled', result: null });
    expect(after.done).toBeLessThan(30_000);
    const unknown = await operator.get('/console/risk/replay/job?id=no-such-job');
    expect(body(unknown)).toMatchObject({ code: 6910 });
    expect(body(await operator.post('/console/risk/replay', { id: 'no-such-version' })).code).toBe(6901);
    // Another corp's job is not found either.
    await expect(t.services.risk.replays.job('other-corp', started.id)).rejects.toMatchObject({
      errorName: 'RISK_REPLAY_NOT_FOUND',
    });
  }, 60_000);

  it('a job left by a stopped process reads as failed, and a start runs the scope again', async () => {
    const left = {
      id: 'rj-left-behind-1',
      corp_id: 'demo',
      ruleset_id: version,
      ruleset_hash: 'x',
      scope: acts[1] as string,
      state: 'running' as const,
      done: 5000,
      total: 2345,
      result: null,
      error: null,
      created_by: 'staff',
      created_at: t.clock.now - 600_000,
      heartbeat_at: t.clock.now - 600_000,
      finished_at: null,
    };
    await t.database.db.insertInto('risk_replay_job').values(left).execute();
    const read = body<RiskReplayJob>(await operator.get(`/console/risk/replay/job?id=${left.id}`)).data;
    expect(read.state).toBe('failed');
    await t.database.db.updateTable('risk_replay_job').set({ state: 'running' }).where('id', '=', left.id).execute();
    const again = body<RiskReplayJob>(await operator.post('/console/risk/replay', { id: version, actId: acts[1] }));
    expect(again.data.id).not.toBe(left.id);
    expect(await untilEnded(again.data.id)).toMatchObject({ state: 'done', done: 2345 });
    const old = await t.database.db.selectFrom('risk_replay_job').select('state').where('id', '=', left.id).execute();
    expect(old[0]?.state).toBe('failed');
  }, 60_000);

  it('the purge blanks device ids and consents 180 days after the campaign, once, on two nodes at once', async () => {
    const db = t.database.db;
    const [ended, running] = [acts[2] as string, acts[3] as string];
    const end = t.clock.now + DAY;
    await db
      .updateTable('activity')
      .set({ ends_at: end })
      .where('corp_id', '=', 'demo')
      .where('id', '=', ended)
      .execute();
    await db
      .updateTable('activity')
      .set({ ends_at: end + 400 * DAY })
      .where('corp_id', '=', 'demo')
      .where('id', '=', running)
      .execute();
    // Customers p-0 … p-9 in the ended campaign; p-5 … p-9 in the running one too.
    const seed = { corpId: 'demo', at: t.clock.now, customers: 10, prefix: 'p-' };
    await seedDecisions(t.database, { ...seed, actId: ended, n: 10 });
    await seedDecisions(t.database, { ...seed, actId: running, n: 5, from: 5 });
    const consent = (user: string, at: number) =>
      db
        .insertInto('risk_consent')
        .values({ corp_id: 'demo', user_id: user, granted: 1, purpose: 'risk', decided_at: at })
        .execute();
    for (let i = 0; i < 10; i++) await consent(`p-${i}`, t.clock.now);
    await consent('p-late', end + 175 * DAY);
    const devices = async (act: string) =>
      (await db.selectFrom('risk_decision').select('device_id').where('act_id', '=', act).execute()).filter(
        (d) => d.device_id !== null,
      ).length;
    const audits = async () =>
      (
        await db
          .selectFrom('audit_log')
          .select('action')
          .where('action', 'in', ['risk.device-purge', 'risk.consent-purge'])
          .execute()
      ).length;

    // 179 days after the end: nothing yet.
    t.clock.now = end + 179 * DAY;
    expect(await t.services.risk.purgeDevices()).toMatchObject({ decisions: 0, consents: 0 });
    expect(await devices(ended)).toBe(10);

    // 181 days after: two nodes at once (services of their own on the same database; on SQLite the nodes of
    // one machine share the file, and one process's connection stands for it: a second connection in this
    // process would wait on the first synchronously).
    t.clock.now = end + DEVICE_KEEP_MS + 2 * DAY;
    const node2 = createServices({ database: t.database, config: testConfig(), clock: () => t.clock.now });
    const [a, b] = await Promise.all([t.services.risk.purgeDevices(), node2.risk.purgeDevices()]);
    expect(a.decisions + b.decisions).toBe(10);
    expect(a.consents + b.consents).toBe(5);
    expect(await devices(ended)).toBe(0);
    expect(await devices(running)).toBe(5);
    const left = await db.selectFrom('risk_consent').select('user_id').where('user_id', 'like', 'p-%').execute();
    expect(left.map((c) => c.user_id).sort()).toEqual(['p-5', 'p-6', 'p-7', 'p-8', 'p-9', 'p-late']);
    expect(await audits()).toBe(2);
    // Idempotent: again, nothing changes and nothing more is recorded.
    expect(await t.services.risk.purgeDevices()).toMatchObject({ decisions: 0, consents: 0 });
    expect(await audits()).toBe(2);
  }, 60_000);
});
