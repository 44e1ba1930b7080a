import { randomUUID } from 'node:crypto';
import type { ApprovalDetail } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../db/tx';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();
const DAY = 86_400_000;
const API = '/bmcs/api/store-list-relation';

// Issue 21 §7: every attempt at the counter is audited; an exception's Idempotency-Key returns the first
// request; the approver reads labels, never raw field keys.
describe.each(kinds)('the counter audits every attempt, exceptions are idempotent, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(`
staff:
  - { corp: demo, id: clerk-sh, name: 王店员, roles: [clerk], stores: [sh-renmin] }
  - { corp: demo, id: approver-x, name: 审批人, roles: [approver] }
`);
  });
  afterAll(async () => t?.close());
  const { login, publish } = campaignActions(() => t);
  const post = (path: string, payload: object, cookie: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/${path}?corpId=demo`,
      headers: { ...H5, cookie, 'idempotency-key': key },
      payload,
    });

  /** A grid-lucky "movie" ticket issued `ageDays` ago (valid 30 days). */
  async function ticket(ageDays: number) {
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
        now: t.clock.now - ageDays * DAY,
      }),
    );
    if (!award?.coupon_code) throw new Error('no ticket issued');
    return award.coupon_code;
  }

  it('a store the clerk does not serve (403/3504) and an unknown store are audited, for lookup and redeem', async () => {
    const clerk = await staffLogin(t, 'demo', 'clerk-sh', ['clerk']);
    const code = await ticket(0);
    const wrong = await post('redeem', { code, storeId: 'bj-xidan' }, clerk);
    expect([wrong.statusCode, body(wrong).code]).toEqual([403, 3504]);
    expect(body(await post('redeem/lookup', { code, storeId: 'no-such-store' }, clerk)).code).toBe(3504);
    const audit = await t.services.stores.auditOf('demo', code);
    expect(audit.map((a) => [a.outcome, a.store_id, a.staff_id]).sort()).toEqual([
      ['refused:STORE_NOT_SERVED', 'bj-xidan', 'clerk-sh'],
      ['refused:STORE_NOT_SERVED', 'no-such-store', 'clerk-sh'],
    ]);
  });

  it('an unknown store, for a role that may use any store, is audited as STORE_NOT_FOUND', async () => {
    await publish(`
staff:
  - { corp: demo, id: clerk-sh, name: 王店员, roles: [clerk], stores: [sh-renmin] }
  - { corp: demo, id: approver-x, name: 审批人, roles: [approver] }
  - { corp: demo, id: operator-x, name: 陈运营, roles: [operator] }
`);
    const op = await staffLogin(t, 'demo', 'operator-x', ['operator']);
    const code = await ticket(0);
    expect(body(await post('redeem', { code, storeId: 'no-such-store' }, op)).code).toBe(3502);
    expect((await t.services.stores.auditOf('demo', code)).map((a) => a.outcome)).toEqual(['refused:STORE_NOT_FOUND']);
  });

  it('the same Idempotency-Key twice files one approval request and returns it; the approver sees labels', async () => {
    const clerk = await staffLogin(t, 'demo', 'clerk-sh', ['clerk']);
    const code = await ticket(40);
    const before = await countRows(t.database, 'approval_request');
    const key = randomUUID();
    const payload = { code, storeId: 'sh-renmin', reason: '客户住院错过有效期' };
    const [a, b] = [
      await post('redeem/exception', payload, clerk, key),
      await post('redeem/exception', payload, clerk, key),
    ];
    expect(body(a).code).toBe(0);
    expect(body(b)).toEqual(body(a));
    expect((await countRows(t.database, 'approval_request')) - before).toBe(1);
    const approver = await staffLogin(t, 'demo', 'approver-x', ['approver']);
    const { requestId } = body<{ requestId: string }>(a).data;
    const detail = body<ApprovalDetail>(
      await t.app.inject({
        url: `/bmcs/api/approval/detail?corpId=demo&id=${requestId}`,
        headers: { ...H5, cookie: approver },
      }),
    ).data;
    const labels = detail.context.map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['券码', '门店', '奖品单号', '门店编号']));
    expect(labels.filter((l) => /^[A-Za-z]+$/.test(l))).toEqual([]);
  });
});
