import { randomUUID } from 'node:crypto';
import type { ApprovalDetail, ApprovalSummary } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../db/tx';
import { campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();
const DAY = 86_400_000;
const API = '/bmcs/api/store-list-relation';

// Issue 32 (low): a second exception for a ticket that the first one redeemed waited for ever.
describe.each(kinds)('a redemption exception closes the others on its ticket, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(`
staff:
  - { corp: demo, id: clerk-sh, name: 王店员, roles: [clerk], stores: [sh-renmin] }
  - { corp: demo, id: clerk-lj, name: 周店员, roles: [clerk], stores: [sh-lujiazui] }
  - { corp: demo, id: approver-x, name: 审批人, roles: [approver] }
  - { corp: demo, id: approver-y, name: 复核人, roles: [approver] }
`);
  });
  afterAll(async () => t?.close());
  const { login, publish } = campaignActions(() => t);

  /** A grid-lucky "movie" ticket issued 40 days ago: expired (its validity is 30 days). */
  async function expiredTicket() {
    const cookie = await login();
    const nuid = body<{ nuid: string }>(
      await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { ...H5, cookie } }),
    ).data.nuid;
    const user = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('nuid', '=', nuid)
      .executeTakeFirstOrThrow();
    const award = await transact(t.database, (x) =>
      t.services.prizes.award(x, {
        corpId: 'demo',
        userId: user.id,
        actId: 'grid-lucky',
        drawId: randomUUID(),
        prize: { id: 'movie', kind: 'coupon', points: null },
        now: t.clock.now - 40 * DAY,
      }),
    );
    if (!award?.coupon_code) throw new Error('no ticket issued');
    return award.coupon_code;
  }

  /** Both clerks ask for an exception on the same expired ticket: two pending requests. */
  async function twoRequests() {
    const code = await expiredTicket();
    const ids: string[] = [];
    for (const [id, storeId] of [
      ['clerk-sh', 'sh-renmin'],
      ['clerk-lj', 'sh-lujiazui'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/redeem/exception?corpId=demo`,
        headers: { ...H5, cookie: await staffLogin(t, 'demo', id, ['clerk']), 'idempotency-key': randomUUID() },
        payload: { code, storeId, reason: '客户住院错过有效期' },
      });
      expect(body(res)).toMatchObject({ code: 0, data: { status: 'pending' } });
      ids.push(body<{ requestId: string }>(res).data.requestId);
    }
    return { code, first: ids[0] as string, second: ids[1] as string };
  }

  const decide = (cookie: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/bmcs/api/approval/decide?corpId=demo',
      headers: { ...H5, cookie },
      payload: { id, decision: 'approve' },
    });
  const detail = async (cookie: string, id: string) =>
    body<ApprovalDetail>(
      await t.app.inject({ url: `/bmcs/api/approval/detail?corpId=demo&id=${id}`, headers: { ...H5, cookie } }),
    ).data;

  it('approving one closes the other with the reason; it leaves the to-do list and cannot be approved', async () => {
    const { first, second } = await twoRequests();
    const approver = await staffLogin(t, 'demo', 'approver-x', ['approver']);
    expect(body(await decide(approver, first)).code).toBe(0);

    const closed = await detail(approver, second);
    expect(closed).toMatchObject({ status: 'closed', canDecide: false, decidedBy: { name: '审批人' } });
    expect(closed.comment).toMatch(/^该券已于 .+ 经另一份核销例外申请（王店员）批准核销，本申请自动关闭$/);
    expect(closed.events.map((e) => e.action)).toEqual(['requested', 'closed']);
    const todo = body<{ pending: ApprovalSummary[] }>(
      await t.app.inject({ url: '/bmcs/api/approval/todo?corpId=demo', headers: { ...H5, cookie: approver } }),
    ).data;
    expect(todo.pending.map((p) => p.id)).not.toContain(second);

    const late = await decide(await staffLogin(t, 'demo', 'approver-y', ['approver']), second);
    expect(late.statusCode).toBeLessThan(500);
    expect(body(late)).toMatchObject({ code: 5104, data: expect.stringContaining('自动关闭') });
  });

  it('both approved at once, twenty times: one redeems, the other is closed, nobody sees a 5xx', async () => {
    const { code, first, second } = await twoRequests();
    const x = await staffLogin(t, 'demo', 'approver-x', ['approver']);
    const y = await staffLogin(t, 'demo', 'approver-y', ['approver']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(i % 2 ? y : x, i % 4 < 2 ? first : second)),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((a) => body(a).code === 0)).toHaveLength(1);
    const statuses = [(await detail(x, first)).status, (await detail(x, second)).status].sort();
    expect(statuses).toEqual(['approved', 'closed']);
    const redemptions = await t.database.db
      .selectFrom('store_redemption')
      .select('id')
      .where('corp_id', '=', 'demo')
      .where('code', '=', code)
      .execute();
    expect(redemptions).toHaveLength(1);
  });
});
