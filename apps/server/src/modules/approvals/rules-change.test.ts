import type { ApprovalDetail, DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../campaign-file/definition';
import { proposeRules } from '../../cli/propose-rules';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();

/** v1: one coupon weighted 1; the proposal re-weights it and rewrites the rules text. */
const wheel = (weight: number, rules: string) =>
  activityYaml('rules-wheel', {
    prizes: [
      `      - { id: cpn, name: 5元券, kind: coupon, image: /prizes/coupon.svg, weight: ${weight}, stock: 100, valueCents: 500 }`,
      '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
    ].join('\n'),
  }).replace('<p>规则</p>', rules);

describe.each(kinds)('a rules change waits for a second person on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(wheel(1, '<p>规则</p>'));
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const decide = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/bmcs/api/approval/decide?corpId=demo', headers: { ...H5, cookie }, payload });
  const live = () =>
    t.database.db
      .selectFrom('activity')
      .select(['version', 'rules_html'])
      .where('corp_id', '=', 'demo')
      .where('id', '=', 'rules-wheel')
      .executeTakeFirstOrThrow();
  const drawVersion = async (id: string) =>
    Number(
      (await t.database.db.selectFrom('draw').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version,
    );
  const propose = (yaml: string, staffId: string) =>
    proposeRules(t.services, parseDefinition(yaml, 'proposal.yaml', t.clock.now), 'rules-wheel', staffId);

  it('proposed by an operator, refused to its proposer, live on a second approval; earlier draws keep v1', async () => {
    const customer = await login();
    const before = body<DrawResult>(await draw(customer, 'rules-wheel')).data;
    expect(await drawVersion(before.drawId)).toBe(1);

    const proposed = await propose(wheel(50, '<p>新规则：奖品加码</p>'), 'approver-zhao');
    if (!proposed.ok) throw new Error(proposed.error);
    // Nothing changes while it waits.
    expect(await live()).toMatchObject({ version: 1, rules_html: '<p>规则</p>' });

    const zhao = await staffLogin(t, 'demo', 'approver-zhao', ['approver', 'operator']);
    const own = await decide(zhao, { id: proposed.requestId, decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(body(own).code).toBe(5102);
    const detail = body<ApprovalDetail>(
      await t.app.inject({
        method: 'GET',
        url: `/bmcs/api/approval/detail?id=${proposed.requestId}&corpId=demo`,
        headers: { ...H5, cookie: zhao },
      }),
    ).data;
    expect(detail).toMatchObject({ kind: 'rules-change', subject: 'rules-wheel', canDecide: false });
    expect(detail.context.find((c) => c.label === '奖品与权重')?.value).toBe('5元券 权重 1 → 50');
    expect(await live()).toMatchObject({ version: 1 });

    const wang = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const ok = await decide(wang, { id: proposed.requestId, decision: 'approve', comment: '已复核' });
    expect(body<ApprovalDetail>(ok).data).toMatchObject({ status: 'approved', decidedBy: { id: 'approver-wang' } });
    expect(await live()).toMatchObject({ version: 2, rules_html: '<p>新规则：奖品加码</p>' });

    // The frozen-version rule: the earlier draw keeps v1, the next one is made under v2.
    expect(await drawVersion(before.drawId)).toBe(1);
    const after = body<DrawResult>(await draw(customer, 'rules-wheel')).data;
    expect(await drawVersion(after.drawId)).toBe(2);
  });

  it('a rejected proposal changes nothing; a proposal that changes nothing or comes from a non-operator is refused', async () => {
    const v = (await live()).version;
    const proposed = await propose(wheel(7, '<p>另一版规则</p>'), 'operator-chen');
    if (!proposed.ok) throw new Error(proposed.error);
    const wang = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const no = await decide(wang, { id: proposed.requestId, decision: 'reject', comment: '概率调整过大' });
    expect(body<ApprovalDetail>(no).data.status).toBe('rejected');
    expect((await live()).version).toBe(v);

    await expect(propose(wheel(50, '<p>新规则：奖品加码</p>'), 'operator-chen')).rejects.toMatchObject({
      errorName: 'RULES_CHANGE_EMPTY',
    });
    expect(await propose(wheel(9, '<p>x</p>'), 'approver-wang')).toEqual({
      ok: false,
      error: 'approver-wang is not an operator on the staff list of demo',
    });
    const pending = await t.database.db
      .selectFrom('approval_request')
      .select('id')
      .where('kind', '=', 'rules-change')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });
});
