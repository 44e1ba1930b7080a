import type { ApprovalSummary } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../testing/campaign';
import { body, H5, startTestApp, type TestApp } from '../testing/harness';
import { staffLogin } from '../testing/staff';
import { seedDemoApprovals } from './demo-approvals';

describe('the demo approvals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());
  const { login } = campaignActions(() => t);

  it('a held phone (审核中 for the demo customer) and a pending rules change wait on /oatodo; seeded once', async () => {
    expect(await seedDemoApprovals(t.services, t.clock.now)).toEqual({ heldPrize: true, rulesChange: true });
    expect(await seedDemoApprovals(t.services, t.clock.now)).toEqual({ heldPrize: false, rulesChange: false });
    const wang = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const todo = body<{ pending: ApprovalSummary[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/bmcs/api/approval/todo?corpId=demo',
        headers: { ...H5, cookie: wang },
      }),
    ).data;
    expect(todo.pending.map((p) => [p.kind, p.subject.length > 0, p.requestedBy.id])).toEqual([
      ['prize-award', true, 'system'],
      ['rules-change', true, 'operator-chen'],
    ]);
    const me = await login('13800138000');
    const mine = body<{ prizeName: string; status: string; orderId: string | null }[]>(
      await t.app.inject({ method: 'GET', url: '/bmcs/api/prizes/mine?corpId=demo', headers: { ...H5, cookie: me } }),
    ).data;
    expect(mine.find((p) => p.prizeName === '智能手机')).toMatchObject({ status: 'pending_approval', orderId: null });
  });
});
