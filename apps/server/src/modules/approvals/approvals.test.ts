import type { ApprovalDetail, ApprovalSummary, DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();

/** A wheel whose only prize is worth ¥2,000 (above demo's ¥1,000 threshold), 3 in stock. */
const BIG = activityYaml('big-wheel', {
  prizes: [
    '      - { id: tv, name: 智能电视, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 3, valueCents: 200000 }',
    '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
  ].join('\n'),
});

describe.each(kinds)('approvals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(BIG);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const get = (url: string, cookie: string, corp = 'demo') =>
    t.app.inject({
      method: 'GET',
      url: `/bmcs/api${url}${url.includes('?') ? '&' : '?'}corpId=${corp}`,
      headers: { ...H5, cookie },
    });
  const decide = (cookie: string, payload: object, corp = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/approval/decide?corpId=${corp}`,
      headers: { ...H5, cookie },
      payload,
    });
  const mine = async (cookie: string) =>
    body<{ awardId: string; status: string }[]>(await get('/prizes/mine', cookie)).data;
  const stockLeft = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('prize')
          .select('left_stock')
          .where('corp_id', '=', 'demo')
          .where('act_id', '=', 'big-wheel')
          .where('id', '=', 'tv')
          .executeTakeFirstOrThrow()
      ).left_stock,
    );

  /** A customer draws the big prize: it waits as pending_approval, and a request of kind prize-award exists. */
  async function heldPrize() {
    const customer = await login();
    const won = body<DrawResult>(await draw(customer, 'big-wheel')).data;
    const awardId = won.award?.awardId ?? '';
    expect(awardId).not.toBe('');
    const request = await t.database.db
      .selectFrom('approval_request')
      .selectAll()
      .where('subject', '=', awardId)
      .executeTakeFirstOrThrow();
    return { customer, awardId, requestId: request.id };
  }

  it('a prize above the threshold waits as pending_approval; approving makes it ready, audited', async () => {
    const { customer, awardId, requestId } = await heldPrize();
    expect((await mine(customer)).find((a) => a.awardId === awardId)?.status).toBe('pending_approval');
    // The customer cannot use it meanwhile.
    const early = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: customer, 'idempotency-key': `early-${awardId}` },
      payload: { awardId },
    });
    expect(body(early).code).toBe(5105);
    expect(await countRows(t.database, 'physical_order')).toBe(0);

    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const todo = body<{ pending: ApprovalSummary[]; done: ApprovalSummary[] }>(
      await get('/approval/todo', approver),
    ).data;
    const item = todo.pending.find((p) => p.id === requestId);
    expect(item).toMatchObject({ kind: 'prize-award', subject: awardId, status: 'pending' });
    const detail = body<ApprovalDetail>(await get(`/approval/detail?id=${requestId}`, approver)).data;
    expect(detail.canDecide).toBe(true);
    expect(detail.context.map((c) => c.label)).toContain('奖品价值');
    // The approver reads the activity by its title and the customer by a masked mobile, not by ids alone.
    expect(detail.context).toContainEqual({ label: '活动', value: '测试转盘' });
    expect(detail.context).toContainEqual({ label: '活动编号', value: 'big-wheel' });
    expect(detail.context.find((c) => c.label === '客户')?.value).toMatch(/^137\*{4}\d{4}$/);
    // The award's number under a label that fits a drawn prize and an offer's gift alike.
    expect(detail.context).toContainEqual({ label: '奖品单号', value: awardId });

    const ok = body<ApprovalDetail>(
      await decide(approver, { id: requestId, decision: 'approve', comment: '核实无误' }),
    );
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({
      status: 'approved',
      decidedBy: { id: 'approver-wang', name: '王审批' },
      comment: '核实无误',
    });
    expect(ok.data.events.map((e) => e.action)).toEqual(['requested', 'approved']);
    expect((await mine(customer)).find((a) => a.awardId === awardId)?.status).toBe('awaiting_address');
    expect(await countRows(t.database, 'physical_order')).toBe(1);
    const after = body<{ pending: ApprovalSummary[]; done: ApprovalSummary[] }>(
      await get('/approval/todo', approver),
    ).data;
    expect(after.pending.some((p) => p.id === requestId)).toBe(false);
    expect(after.done[0]).toMatchObject({ id: requestId, status: 'approved' });
  });

  it('a reject needs a reason; rejecting declines the prize and gives its unit back to stock', async () => {
    const { customer, awardId, requestId } = await heldPrize();
    const left = await stockLeft();
    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const noReason = await decide(approver, { id: requestId, decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason)).toEqual({ code: 5103, data: '驳回时请填写原因（至少 2 个字）' });
    expect((await mine(customer)).find((a) => a.awardId === awardId)?.status).toBe('pending_approval');
    const no = body<ApprovalDetail>(
      await decide(approver, { id: requestId, decision: 'reject', comment: '疑似批量注册' }),
    );
    expect(no.data).toMatchObject({ status: 'rejected', comment: '疑似批量注册' });
    expect((await mine(customer)).find((a) => a.awardId === awardId)?.status).toBe('declined');
    expect(await stockLeft()).toBe(left + 1);
  });

  it('twenty decisions at once from two approvers: one decision, its effect once, the others told who decided', async () => {
    const { customer, awardId, requestId } = await heldPrize();
    const left = await stockLeft();
    const a = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const b = await staffLogin(t, 'demo', 'approver-zhao', ['approver']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? decide(b, { id: requestId, decision: 'reject', comment: '不符合规则' })
          : decide(a, { id: requestId, decision: 'approve' }),
      ),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const results = answers.map((r) => body<unknown>(r));
    const winners = results.filter((r) => r.code === 0);
    const losers = results.filter((r) => r.code === 5104);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    const decided = winners[0]?.data as ApprovalDetail;
    for (const l of losers) expect(String(l.data)).toContain(decided.decidedBy?.name ?? '?');
    const evs = await t.database.db
      .selectFrom('approval_event')
      .select('action')
      .where('request_id', '=', requestId)
      .execute();
    expect(evs.map((e) => e.action).sort()).toEqual([decided.status, 'requested'].sort());
    // The effect ran once: approved → awaiting its address, the unit used; rejected → declined and one unit back.
    const status = (await mine(customer)).find((x) => x.awardId === awardId)?.status;
    expect(status).toBe(decided.status === 'approved' ? 'awaiting_address' : 'declined');
    expect(await stockLeft()).toBe(decided.status === 'approved' ? left : left + 1);
  });

  it('nobody decides their own request', async () => {
    const id = await t.services.approvals.request({
      corpId: 'demo',
      kind: 'rules-change',
      subject: 'big-wheel',
      title: '规则变更',
      requestedBy: 'approver-zhao',
      context: { 活动: 'big-wheel' },
    });
    const own = await staffLogin(t, 'demo', 'approver-zhao', ['approver']);
    const detail = body<ApprovalDetail>(await get(`/approval/detail?id=${id}`, own)).data;
    expect(detail.canDecide).toBe(false);
    const r = await decide(own, { id, decision: 'approve' });
    expect(r.statusCode).toBe(403);
    expect(body(r).code).toBe(5102);
    const other = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    // Another approver may (a reject: this request carries no proposed version to publish).
    expect(body(await decide(other, { id, decision: 'reject', comment: '不同意' })).code).toBe(0);
  });

  it('every approvals endpoint: customer 403, no session 401, wrong role 403, another corp sees nothing', async () => {
    const { requestId } = await heldPrize();
    const customer = await login();
    const clerk = await staffLogin(t, 'demo', 'clerk-li', ['clerk']);
    const operator = await staffLogin(t, 'demo', 'operator-chen', ['operator']);
    const grayApprover = await staffLogin(t, 'demo-gray', 'approver-gray', ['approver']);
    const calls = [
      (c: string, corp?: string) => get('/approval/todo', c, corp),
      (c: string, corp?: string) => get(`/approval/detail?id=${requestId}`, c, corp),
      (c: string, corp?: string) => decide(c, { id: requestId, decision: 'approve' }, corp),
    ];
    for (const call of calls) {
      const asCustomer = await call(customer);
      expect(asCustomer.statusCode).toBe(403);
      expect(body(asCustomer).code).toBe(5001);
      expect((await call('')).statusCode).toBe(401);
      const asClerk = await call(clerk);
      expect(asClerk.statusCode).toBe(403);
      expect(body(asClerk).code).toBe(5002);
      // demo-gray's approver, with demo's corpId: no session of demo; with its own: not demo's request.
      expect((await call(grayApprover)).statusCode).toBe(401);
    }
    expect((await get('/approval/todo', operator)).statusCode).toBe(403);
    expect((await get(`/approval/detail?id=${requestId}`, operator)).statusCode).toBe(200);
    const grayTodo = body<{ pending: ApprovalSummary[] }>(await get('/approval/todo', grayApprover, 'demo-gray')).data;
    expect(grayTodo.pending).toEqual([]);
    expect(body(await get(`/approval/detail?id=${requestId}`, grayApprover, 'demo-gray')).code).toBe(5101);
    expect(body(await decide(grayApprover, { id: requestId, decision: 'approve' }, 'demo-gray')).code).toBe(5101);
    const row = await t.database.db
      .selectFrom('approval_request')
      .select('status')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
