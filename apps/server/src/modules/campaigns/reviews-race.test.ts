import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailOf, HOUR, readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const ROUNDS = 3;
const AT_ONCE = 20;

// Issue 32, medium 1: twenty approvals at once count N times and publish once, on both databases.
describe.each(kinds)('simultaneous reviews of one submission on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let admin: ConsoleClient;
  let seq = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  }, 120_000);
  afterAll(async () => t?.close());

  /** A submitted wheel of its own slot; returns its id and the rev the approvers read. */
  async function submitted() {
    const id = `race-${++seq}`;
    const { rev } = await readyWheel(op, id, t.clock.now, HOUR, (d) => {
      d.slot = `race-slot-${seq}`;
    });
    expect(body(await op.post('/console/campaigns/submit', { id, rev })).code).toBe(0);
    return { id, rev };
  }

  /** AT_ONCE approvals from the approvers in turn, all sent before any answers. */
  async function approveAtOnce(approvers: ConsoleClient[], id: string, rev: number) {
    const res = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        (approvers[i % approvers.length] as ConsoleClient).post('/console/campaigns/review', {
          id,
          rev,
          decision: 'approve',
        }),
      ),
    );
    return res.map((r) => ({ status: r.statusCode, ...(r.json() as { code: number; data: unknown }) }));
  }

  async function recorded(id: string) {
    const reviews = await t.database.db
      .selectFrom('campaign_review')
      .select(['reviewer', 'decision'])
      .where('corp_id', '=', 'demo')
      .where('campaign_id', '=', id)
      .execute();
    const publishes = await t.database.db
      .selectFrom('audit_log')
      .select('seq')
      .where('corp_id', '=', 'demo')
      .where('subject', '=', id)
      .where('action', '=', 'campaign.publish')
      .execute();
    return { reviews, publishes: publishes.length };
  }

  async function expectExactly(n: number, approvers: ConsoleClient[]) {
    for (let round = 0; round < ROUNDS; round++) {
      const { id, rev } = await submitted();
      const answers = await approveAtOnce(approvers, id, rev);
      const { reviews, publishes } = await recorded(id);
      expect(reviews).toHaveLength(n);
      expect(new Set(reviews.map((r) => r.reviewer)).size).toBe(n);
      expect(publishes).toBe(1);
      const won = answers.filter((a) => a.code === 0);
      expect(won).toHaveLength(n);
      expect(won.map((a) => (a.data as { approvalsGiven: number }).approvalsGiven).sort()).toEqual(
        Array.from({ length: n }, (_, i) => i + 1),
      );
      for (const lost of answers.filter((a) => a.code !== 0)) {
        expect(lost.status).toBeLessThan(500);
        // Your second approval, or someone else completed it: each says so in Chinese.
        expect([6307, 6310]).toContain(lost.code);
        expect(String(lost.data)).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await detailOf(op, id)).campaign).toMatchObject({ state: 'scheduled', revisionState: null });
    }
  }

  it('one approval needed, two approvers: one approval, one publication', async () => {
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const ap2 = await consoleSignIn(t, DEMO_CONSOLE.approver2);
    await expectExactly(1, [ap, ap2]);
  }, 120_000);

  it('two approvals needed of three approvers: two approvals, one publication', async () => {
    admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    expect(
      body(await admin.post('/console/staff/roles', { staffId: 'auditor-sun', roles: ['auditor', 'approver'] })).code,
    ).toBe(0);
    expect(body(await admin.post('/console/settings/approval-policy', { required: 2, above: null })).code).toBe(0);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const approvers = [
      await consoleSignIn(t, DEMO_CONSOLE.approver),
      await consoleSignIn(t, DEMO_CONSOLE.approver2),
      await consoleSignIn(t, DEMO_CONSOLE.auditor),
    ];
    await expectExactly(2, approvers);
  }, 120_000);

  it('a review read before the publication fails after it, with the reason', async () => {
    admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    expect(body(await admin.post('/console/settings/approval-policy', { required: 1, above: null })).code).toBe(0);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const ap2 = await consoleSignIn(t, DEMO_CONSOLE.approver2);
    const { id, rev } = await submitted();
    expect(body(await ap.post('/console/campaigns/review', { id, rev, decision: 'approve' })).code).toBe(0);
    const late = await ap2.post('/console/campaigns/review', { id, rev, decision: 'reject', comment: '不同意上线' });
    expect(late.json()).toMatchObject({ code: 6310, data: expect.stringContaining('已由其他审批人') });
    expect((await recorded(id)).reviews).toHaveLength(1);
  });
});
