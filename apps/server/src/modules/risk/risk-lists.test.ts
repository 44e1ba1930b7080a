import type { DrawResult, RiskImportPreview, RiskRulesetDetail } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { own } from '../../db/owners';
import { activityYaml, campaignActions } from '../../testing/campaign';
import {
  CONSOLE_HOST,
  CONSOLE_ORIGIN,
  type ConsoleClient,
  consoleSignIn,
  DEMO_CONSOLE,
  seedConsole,
} from '../../testing/console';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

const RISKY = `
groups:
  - { id: lists-grp, corp: demo, showActIds: [lists-wheel], rocc: 1 }
${activityYaml('lists-wheel', {
  chances: '{ perDay: 100 }',
  more: '    group: lists-grp',
  prizes: [
    '      - { id: pts, name: 积分, kind: points, image: /prizes/coupon.svg, weight: 1, stock: 500, valueCents: 100, points: 10 }',
    '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
  ].join('\n'),
})}`;

/** A resident ID number with its GB 11643 check character. */
function idNumber(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = w.reduce((s, x, i) => s + x * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}
const ID = idNumber('11010519491231002');
const BAD_ID = `${ID.slice(0, 17)}${ID[17] === '0' ? '1' : '0'}`;

describe.each(kinds)('risk lists: bulk import and reversals on %s', (kind) => {
  let t: TestApp;
  let operator: ConsoleClient;
  let approver: ConsoleClient;
  let approver2: ConsoleClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    await publish(RISKY);
    operator = await consoleSignIn(t, DEMO_CONSOLE.operator);
    approver = await consoleSignIn(t, DEMO_CONSOLE.approver);
    approver2 = await consoleSignIn(t, DEMO_CONSOLE.approver2);
  }, 120_000);
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const upload = (path: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/console/risk/lists/${path}?corpId=demo`,
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: operator.cookie,
        'x-csrf-token': operator.csrf,
        'content-type': 'text/csv',
      },
      payload: Buffer.from(text),
    });
  const requests = (kind: string) =>
    t.database.db.selectFrom('approval_request').selectAll().where('kind', '=', kind).execute();
  const decideAll = (who: ConsoleClient, id: string, decision: 'approve' | 'reject', comment?: string) =>
    Promise.all(
      Array.from({ length: 20 }, () => who.post('/console/requests/decide', { ids: [id], decision, comment })),
    );
  const decidedOf = (clicks: Awaited<ReturnType<typeof decideAll>>) =>
    clicks.flatMap((c) => body<{ decided: string[] }>(c).data.decided);

  it('previews a CSV line by line in Chinese, stores nothing, and refuses to submit a file with a bad line', async () => {
    const csv = [
      'type,value,reason,expires',
      'phone,13800007001,接码平台,30',
      'fax,123456,未知类型,',
      'ip,10.1.2.3/16,网段太大,',
      'phone,1380000,位数不对,',
      'phone,13800007001,重复一行,',
      `id_number,${BAD_ID},校验位错,`,
      `id_number,${ID.toLowerCase()},冒用证件,2020-01-01`,
      'ip,10.1.2.3/24,机房网段,',
    ].join('\n');
    const preview = body<RiskImportPreview>(await upload('import/preview', csv));
    expect(preview.code).toBe(0);
    expect(preview.data.errors).toEqual([
      { line: 3, message: expect.stringContaining('类型「fax」无效') },
      { line: 4, message: '网段仅支持 IPv4 /24 或 IPv6 /64' },
      { line: 5, message: '手机号须为 11 位数字' },
      { line: 6, message: '与第 2 行重复' },
      { line: 7, message: '身份证号校验位不正确' },
      { line: 8, message: '到期日已过' },
    ]);
    expect(preview.data.rows.map((r) => [r.line, r.type, r.shown])).toEqual([
      [2, 'phone', '138****7001'],
      [9, 'ip', '10.1.2.0/24'],
    ]);
    expect(JSON.stringify(preview.data)).not.toContain('13800007001');
    const refused = body(await upload('import', csv));
    expect(refused).toMatchObject({ code: 6408, fields: { '3': expect.any(String), '8': '到期日已过' } });
    expect(await t.database.db.selectFrom('risk_list').selectAll().execute()).toEqual([]);
    expect(await requests('risk-list-import')).toEqual([]);
    // More than 5,000 rows is refused whole, before any line is checked.
    const big = ['type,value,reason', ...Array.from({ length: 5001 }, (_, i) => `device,dev-${i},批量设备`)];
    expect(body(await upload('import/preview', big.join('\n')))).toMatchObject({
      code: 6408,
      data: expect.stringContaining('5000'),
    });
  });

  it('reads the Chinese header and type names, and terms as days or a date within a year', async () => {
    const csv = [
      '类型,值,原因,到期',
      '手机号,13800007002,接码平台号码,',
      `身份证号,${ID},冒用证件,2099-01-01`,
      '设备,dev-farm-0001,群控设备,90',
    ].join('\n');
    const preview = body<RiskImportPreview>(await upload('import/preview', csv)).data;
    // A term is at most a year: a date further ahead is named on its line.
    expect(preview.errors).toEqual([{ line: 3, message: '到期日不能超过一年' }]);
    expect(preview.rows.map((r) => [r.shown, r.expiresAt])).toEqual([
      ['138****7002', null],
      ['dev-farm-0001', t.clock.now + 90 * 86_400_000],
    ]);
  });

  it('imports once under twenty approvals, hashed, audited; the engine sees the phone within a second', async () => {
    const csv = [
      '类型,值,原因,到期',
      '手机号,13800007002,接码平台号码,',
      `身份证号,${ID},冒用证件,`,
      '设备,dev-farm-0001,群控设备,90',
    ];
    const made = body<{ requestId: string; rows: number }>(await upload('import', csv.join('\n')));
    expect(made).toMatchObject({ code: 0, data: { rows: 3 } });
    const [request] = await requests('risk-list-import');
    expect(request?.requested_by).toBe(DEMO_CONSOLE.operator.staffId);
    // The request never holds a phone or an ID number in clear; the checker reads masked samples.
    expect(`${request?.payload}${request?.context}`).not.toContain('13800007002');
    expect(`${request?.payload}${request?.context}`).not.toContain(ID.slice(6, 14));
    expect(JSON.parse(request?.context ?? '{}')).toMatchObject({
      导入条数: expect.stringContaining('3 条'),
      样例: expect.stringContaining('138****7002'),
    });
    // The maker, even once an approver too, cannot decide their own request.
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const roles = ['operator', 'approver'];
    expect(body(await admin.post('/console/staff/roles', { staffId: operator.staffId, roles })).code).toBe(0);
    operator = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const own = body<{ decided: string[]; refused: { message: string }[] }>(
      await operator.post('/console/requests/decide', { ids: [made.data.requestId], decision: 'approve' }),
    );
    expect(own.data).toEqual({
      decided: [],
      refused: [{ id: made.data.requestId, message: '不能审批自己提交的申请' }],
    });
    expect(await t.database.db.selectFrom('risk_list').selectAll().execute()).toEqual([]);

    expect(decidedOf(await decideAll(approver, made.data.requestId, 'approve'))).toEqual([made.data.requestId]);
    const listed = await t.database.db.selectFrom('risk_list').selectAll().orderBy('type').execute();
    expect(listed.map((e) => [e.type, e.shown, e.source, e.owner])).toEqual([
      ['device', 'dev-farm-0001', 'import', DEMO_CONSOLE.operator.staffId],
      ['id_number', `110${'*'.repeat(11)}${ID.slice(-4)}`, 'import', DEMO_CONSOLE.operator.staffId],
      ['phone', '138****7002', 'import', DEMO_CONSOLE.operator.staffId],
    ]);
    expect(listed.map((e) => e.value_key).join()).not.toContain('13800007002');
    expect(listed.map((e) => e.value_key).join()).not.toContain(ID);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'risk.list.import')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actor_id).toBe(DEMO_CONSOLE.approver.staffId);
    expect(audited[0]?.after).toContain(DEMO_CONSOLE.operator.staffId);

    // A ruleset in shadow reads the lists: the listed phone's next decision sees listed.phone.
    const saved = body<RiskRulesetDetail>(
      await operator.post('/console/risk/ruleset/save', {
        name: '名单',
        rules: [{ id: 'listed_phone', name: '名单手机号', expr: 'listed.phone', action: 'block' }],
      }),
    );
    expect(body(await operator.post('/console/risk/ruleset/mode', { id: saved.data.id, mode: 'shadow' })).code).toBe(0);
    t.clock.advance(2000);
    for (const phone of ['13800007002', '13800007003'])
      expect(body(await draw(await login(phone), 'lists-wheel')).code).toBe(0);
    const decisions = await t.database.db
      .selectFrom('risk_decision')
      .select(['features', 'shadow'])
      .orderBy('created_at')
      .execute();
    const listedFlags = decisions.map((d) => (JSON.parse(d.features) as { listed: { phone: boolean } }).listed.phone);
    expect(listedFlags).toEqual([true, false]);
  });

  it('reverses a decided appeal through a second person: asked once under 20, applied once under 20', async () => {
    await enforce([{ id: 'listed_phone', name: '名单手机号', expr: 'listed.phone', action: 'block' }]);
    t.clock.advance(2000);
    const farmer = await login('13800007002');
    expect(body(await draw(farmer, 'lists-wheel')).code).toBe(2007);
    const appealed = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/risk/appeal?corpId=demo',
      headers: { ...H5, cookie: farmer },
      payload: { actId: 'lists-wheel', reason: '本人正常参与' },
    });
    const appealId = body<{ appealId: string }>(appealed).data.appealId;
    expect(decidedOf(await decideAll(approver, appealId, 'approve'))).toEqual([appealId]);
    t.clock.advance(2000);
    expect(body(await draw(farmer, 'lists-wheel')).code).toBe(0);

    // A pending case is not reversed; the decided one is asked once however many ask at once.
    const asks = await Promise.all(
      Array.from({ length: 20 }, () => approver.post('/console/risk/reversal', { id: appealId, reason: '复核有误' })),
    );
    const codes = asks.map((a) => body(a).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 6909)).toHaveLength(19);
    const [reversal] = await requests('risk-reversal');
    expect(JSON.parse(reversal?.context ?? '{}')).toMatchObject({ 原结果: '申诉成立', 理由: '复核有误' });
    // Its maker cannot approve it; a second approver does, twenty times at once, and it is undone once.
    const own = body<{ refused: { message: string }[] }>(
      await approver.post('/console/requests/decide', { ids: [reversal?.id], decision: 'approve' }),
    );
    expect(own.data.refused[0]?.message).toBe('不能审批自己提交的申请');
    expect(decidedOf(await decideAll(approver2, reversal?.id ?? '', 'approve'))).toEqual([reversal?.id]);
    const decision = await t.database.db
      .selectFrom('risk_decision')
      .select('label')
      .where('appeal_id', '=', appealId)
      .executeTakeFirstOrThrow();
    expect(decision.label).toBe('confirmed');
    t.clock.advance(2000);
    expect(body(await draw(farmer, 'lists-wheel')).code).toBe(2007);
    // Reversed once, for good.
    const again = body(await approver.post('/console/risk/reversal', { id: appealId, reason: '再次撤销' }));
    expect(again).toMatchObject({ code: 6909, data: expect.stringContaining('该决定已撤销过') });
  });

  it('a returned hold is given after all, once, while stock lasts; a release is never taken back', async () => {
    await enforce([{ id: 'repeat', name: '第二次参与', expr: 'customer.draws_1d >= 2', action: 'hold' }]);
    t.clock.advance(2000);
    const cookie = await login('13800007010');
    expect(body<DrawResult>(await draw(cookie, 'lists-wheel')).data.award?.status).toBe('issued');
    const holds: { award: string; request: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const held = body<DrawResult>(await draw(cookie, 'lists-wheel')).data;
      expect(held.award?.status).toBe('pending_approval');
      const r = await t.database.db
        .selectFrom('approval_request')
        .select('id')
        .where('subject', '=', held.award?.awardId ?? '')
        .executeTakeFirstOrThrow();
      holds.push({ award: held.award?.awardId ?? '', request: r.id });
    }
    const [returned, released] = holds as [(typeof holds)[0], (typeof holds)[0]];
    expect(decidedOf(await decideAll(approver, returned.request, 'reject', '确认为刷奖'))).toEqual([returned.request]);
    expect(decidedOf(await decideAll(approver, released.request, 'approve'))).toEqual([released.request]);
    // A released prize was given: refused in Chinese, nothing asked.
    const refused = body(await approver.post('/console/risk/reversal', { id: released.request, reason: '放行有误' }));
    expect(refused).toMatchObject({ code: 6908, data: expect.stringContaining('无法收回') });

    const left = async () =>
      (await t.services.stock.stockLeft('demo', 'lists-wheel')).find((p) => p.prizeId === 'pts')?.left;
    const before = await left();
    const asked = body<{ requestId: string }>(
      await approver.post('/console/risk/reversal', { id: returned.request, reason: '客户提供了证明' }),
    );
    expect(asked.code).toBe(0);
    expect(decidedOf(await decideAll(approver2, asked.data.requestId, 'approve'))).toEqual([asked.data.requestId]);
    const award = await t.database.db
      .selectFrom('award')
      .select('status')
      .where('id', '=', returned.award)
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('issued');
    expect(await left()).toBe((before ?? 0) - 1);
  });

  it('a returned hold whose stock is gone cannot be reversed: the approval is refused and nothing moves', async () => {
    const cookie = await login('13800007011');
    await draw(cookie, 'lists-wheel');
    const held = body<DrawResult>(await draw(cookie, 'lists-wheel')).data;
    expect(held.award?.status).toBe('pending_approval');
    const r = await t.database.db
      .selectFrom('approval_request')
      .select('id')
      .where('subject', '=', held.award?.awardId ?? '')
      .executeTakeFirstOrThrow();
    expect(decidedOf(await decideAll(approver, r.id, 'reject', '确认为刷奖'))).toEqual([r.id]);
    const asked = body<{ requestId: string }>(
      await approver.post('/console/risk/reversal', { id: r.id, reason: '误判' }),
    );
    // The stock runs out meanwhile (PostgreSQL spreads it over buckets: all of them).
    const activity = own('activity', t.database.db);
    await activity.updateTable('prize').set({ left_stock: 0 }).where('id', '=', 'pts').execute();
    await activity.updateTable('prize_stock_bucket').set({ left_stock: 0 }).where('prize_id', '=', 'pts').execute();
    const tried = body<{ decided: string[]; refused: { message: string }[] }>(
      await approver2.post('/console/requests/decide', { ids: [asked.data.requestId], decision: 'approve' }),
    );
    expect(tried.data).toMatchObject({ decided: [], refused: [{ message: expect.stringContaining('库存已用完') }] });
    const award = await t.database.db
      .selectFrom('award')
      .select('status')
      .where('id', '=', held.award?.awardId ?? '')
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('declined');
    // Turned down instead, the case may be asked again.
    expect(decidedOf(await decideAll(approver2, asked.data.requestId, 'reject', '库存已无'))).toEqual([
      asked.data.requestId,
    ]);
    expect(body(await approver.post('/console/risk/reversal', { id: r.id, reason: '再试' })).code).toBe(0);
  });

  /** A ruleset saved, shadowed, asked to enforce by the operator and approved by an approver. */
  async function enforce(rules: unknown[]) {
    const saved = body<RiskRulesetDetail>(await operator.post('/console/risk/ruleset/save', { name: '执行', rules }));
    await operator.post('/console/risk/ruleset/mode', { id: saved.data.id, mode: 'shadow' });
    const asked = body<{ requestId: string }>(
      await operator.post('/console/risk/ruleset/request', {
        id: saved.data.id,
        mode: 'enforce',
        note: '影子运行准确',
      }),
    );
    expect(asked.code).toBe(0);
    expect(decidedOf(await decideAll(approver2, asked.data.requestId, 'approve'))).toEqual([asked.data.requestId]);
  }
});
