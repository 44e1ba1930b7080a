import type {
  ActivityDetail,
  ComplianceDocument,
  Coupon,
  DocumentConsent,
  DocumentSummary,
  PointsBalance,
} from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoApprovals } from './cli/demo-approvals';
import { seedDemoCustomer } from './cli/demo-customer';
import { isOwnOrigin } from './modules/growth/service';
import { activityYaml, campaignActions } from './testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from './testing/harness';
import { staffLogin } from './testing/staff';

const kinds = await dialects();

// Issue 21 (the customer's journey), server side: each case fails on the code before the fix.
describe.each(kinds)('the customer journey, server side, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { login, draw, publish } = campaignActions(() => t);
  const get = async <T>(cookie: string, path: string, headers: Record<string, string> = {}) =>
    body<T>(await t.app.inject({ url: `/bmcs/api/${path}`, headers: { ...H5, cookie, ...headers } }));
  const post = async <T>(cookie: string, path: string, payload: object) =>
    body<T>(await t.app.inject({ method: 'POST', url: `/bmcs/api/${path}`, headers: { ...H5, cookie }, payload }));

  it('the demo seed takes stock for its awards: the one phone is held, never drawn again', async () => {
    const left = async (actId: string) =>
      new Map((await t.services.stock.stockLeft('demo', actId)).map((s) => [s.prizeId, s.left]));
    const grid = await left('grid-lucky');
    expect(await seedDemoCustomer(t.services, t.clock.now)).toBe(true);
    expect((await seedDemoApprovals(t.services, t.clock.now)).heldPrize).toBe(true);
    const after = await left('grid-lucky');
    for (const id of ['gift', 'movie', 'cpn-10', 'card']) expect(after.get(id)).toBe((grid.get(id) ?? 0) - 1);
    expect((await left('wheel-spring')).get('phone')).toBe(0);
    const detail = (await get<{ data: ActivityDetail }>('', 'v2/activity/detail?corpId=demo&actId=wheel-spring')).data;
    expect(detail.data.prizes.find((p) => p.id === 'phone')?.totalStock).toBe(1);
  });

  it('/discount/mine shows the demo customer their lijian-spring; /points/balance sums the ledger', async () => {
    const demo = await login('13800138000');
    const mine = await get<{ discountId: string }[]>(demo, 'discount/mine?corpId=demo');
    expect(mine.data.map((d) => d.discountId)).toEqual(['lijian-spring']);
    const me = await login();
    expect((await get<PointsBalance>(me, 'points/balance?corpId=demo')).data).toEqual({ balance: 0, entries: [] });
    // The daily sign-in always gives something (积分天天领): never 谢谢参与.
    const r = body<{ prize: { kind: string }; award: { points: number | null } | null }>(
      await draw(me, 'common-signin'),
    ).data;
    expect(r.prize.kind).not.toBe('thanks');
    const balance = (await get<PointsBalance>(me, 'points/balance?corpId=demo')).data;
    expect(balance.balance).toBe(r.award?.points ?? 0);
    if (r.prize.kind === 'points') expect(balance.entries[0]).toMatchObject({ reason: 'draw', label: '抽奖获得' });
  });

  it('compliance documents: listed and read per corp; consent recorded by version and time, per account', async () => {
    const docs = (await get<DocumentSummary[]>('', 'corp/documents?corpId=demo')).data;
    expect(docs.map((d) => [d.key, d.title, d.version])).toEqual([
      ['privacy', '隐私政策', '2026.1'],
      ['terms', '用户服务协议', '2026.1'],
    ]);
    const terms = await get<ComplianceDocument>('', 'corp/document?corpId=demo&key=terms');
    expect(terms.data.body).toContain('营销活动');
    expect((await get('', 'corp/document?corpId=demo&key=nope')).code).toBe(1020);
    expect((await get<DocumentSummary[]>('', 'corp/documents?corpId=demo-branch')).data).toEqual([]);
    const me = await login();
    expect(
      (await post(me, 'corp/documents/consent?corpId=demo', { documents: [{ key: 'terms', version: '2025.9' }] })).code,
    ).toBe(1021);
    const given = await post<DocumentConsent[]>(me, 'corp/documents/consent?corpId=demo', {
      documents: [
        { key: 'terms', version: '2026.1' },
        { key: 'privacy', version: '2026.1' },
      ],
    });
    expect(given.data).toHaveLength(2);
    t.clock.advance(60_000);
    await post(me, 'corp/documents/consent?corpId=demo', { documents: [{ key: 'terms', version: '2026.1' }] });
    const mine = (await get<DocumentConsent[]>(me, 'corp/documents/consents?corpId=demo')).data;
    expect(mine.map((c) => [c.key, c.version, c.current, c.consentedAt]).sort()).toEqual([
      ['privacy', '2026.1', true, t.clock.now - 60_000],
      ['terms', '2026.1', true, t.clock.now - 60_000],
    ]);
    expect((await get<DocumentConsent[]>(await login(), 'corp/documents/consents?corpId=demo')).data).toEqual([]);
  });

  it('a coupon held for an approver shows as pending (审核中), a declined one as declined; neither can be used', async () => {
    await publish(
      activityYaml('held-coupons', {
        prizes: `      - { id: big, name: 大额券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 200000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }`,
      }),
    );
    const me = await login();
    await draw(me, 'held-coupons');
    await draw(me, 'held-coupons');
    const info = (await get<{ counts: Record<string, number>; list: Coupon[] }>(me, 'coupon/info?corpId=demo')).data;
    expect(info.counts).toMatchObject({ unused: 0, pending: 2 });
    expect(info.list.map((c) => c.state)).toEqual(['pending', 'pending']);
    const [first, second] = info.list;
    const use = (couponId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/coupon/use?corpId=demo',
        headers: { ...H5, cookie: me, 'idempotency-key': `use-${couponId}` },
        payload: { couponId, channel: 'app' },
      });
    expect(body(await use(first?.couponId ?? '')).code).toBe(5105);
    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const todo = (await get<{ pending: { id: string; subject: string }[] }>(approver, 'approval/todo?corpId=demo'))
      .data;
    const req = todo.pending.find((p) => p.subject === second?.couponId);
    const decided = await post(approver, 'approval/decide?corpId=demo', {
      id: req?.id,
      decision: 'reject',
      comment: '金额超出预算',
    });
    expect(decided.code).toBe(0);
    const now = (await get<{ counts: Record<string, number>; list: Coupon[] }>(me, 'coupon/info?corpId=demo')).data;
    expect(now.counts).toMatchObject({ pending: 1, declined: 1 });
    expect(body(await use(second?.couponId ?? '')).code).toBe(5106);
  });

  it('the winners ticker shows only final awards, one line per winner', async () => {
    await publish(
      activityYaml('ticker', {
        prizes: `      - { id: small, name: 小额券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 100 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }`,
      }),
    );
    await publish(
      activityYaml('ticker', {
        prizes: `      - { id: small, name: 小额券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 100 }
      - { id: big, name: 大额券, kind: coupon, image: /prizes/coupon.svg, weight: 0, stock: 10, valueCents: 200000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }`,
      }),
    );
    const a = await login('13911110001');
    const b = await login('13911110002');
    for (let i = 0; i < 3; i++) await draw(a, 'ticker');
    await draw(b, 'ticker');
    const list = (await get<{ winnerList: { who: string }[] }>('', 'v2/winners/recent?corpId=demo&actId=ticker')).data
      .winnerList;
    expect(list.map((w) => w.who).sort()).toEqual(['139****0001', '139****0002']);
    // A held prize (审核中) is not a win yet: drawn by a third customer, it is not on the ticker.
    await publish(
      activityYaml('ticker-held', {
        prizes: `      - { id: big, name: 大额券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 200000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }`,
      }),
    );
    await draw(await login('13911110003'), 'ticker-held');
    expect(
      (await get<{ winnerList: unknown[] }>('', 'v2/winners/recent?corpId=demo&actId=ticker-held')).data.winnerList,
    ).toEqual([]);
  });

  it("invite QR codes point only at the corp's own H5 origins", async () => {
    const me = await login();
    const qr = (origin: string) => post(me, 'invite/qrcode?corpId=demo', { actId: 'newcust-spring', origin });
    expect((await qr('https://evil.example')).code).toBe(4108);
    expect((await qr('http://localhost:80')).code).not.toBe(4108);
    expect(isOwnOrigin('https://h5.bank.example', 'https://api.bank.example', ['https://h5.bank.example'], true)).toBe(
      true,
    );
    expect(isOwnOrigin('http://localhost:5173', 'https://api.bank.example', [], true)).toBe(false);
    expect(isOwnOrigin('https://evil.example', 'https://api.bank.example', [], false)).toBe(false);
  });

  it('a path with malformed percent-encoding or UTF-8 gets the envelope, in the user’s language', async () => {
    for (const url of ['/bmcs/api/%E0%A4%A', '/bmcs/api/coupon/%ff', '/%C0%AF']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 400, data: '请求参数有误' });
    }
    const en = await t.app.inject({ url: '/bmcs/api/%', headers: { 'accept-language': 'en-US' } });
    expect(en.json()).toEqual({ code: 400, data: 'The request is invalid' });
  });

  it('the demo rules text and the rules table agree: buds is locked on the first draw only (首抽不可中)', async () => {
    const d = (await get<{ data: ActivityDetail }>('', 'v2/activity/detail?corpId=demo&actId=wheel-spring')).data.data;
    const buds = d.prizes.find((p) => p.id === 'buds');
    // The table's 首抽不可中 is true exactly when the prize unlocks after one draw; the text says the same.
    expect(buds?.unlockAfterDraws).toBe(1);
    expect(d.rulesHtml).toContain('首抽不可中，自第 2 次抽奖起可中');
  });

  it('the daily sign-in promises 积分天天领 and has no 谢谢参与 to give', async () => {
    const d = (await get<{ data: ActivityDetail }>('', 'v2/activity/detail?corpId=demo&actId=common-signin')).data.data;
    expect(d.subtitle).toContain('积分天天领');
    expect(d.prizes.filter((p) => p.kind === 'thanks')).toEqual([]);
    // 积分天天领: every prize of the daily sign-in is points, so no draw can answer anything else.
    expect(d.prizes.filter((p) => p.kind !== 'points')).toEqual([]);
    expect(d.prizes.find((p) => p.consolation)?.kind).toBe('points');
  });

  it('the fairness explanation is Chinese for zh-CN and English for en-US', async () => {
    const zh = (await get<{ data: ActivityDetail }>('', 'v2/activity/detail?corpId=demo&actId=grid-lucky')).data;
    expect(zh.data.fairness.algorithm).toMatch(/^每次抽奖的随机数/);
    const en = (
      await get<{ data: ActivityDetail }>('', 'v2/activity/detail?corpId=demo&actId=grid-lucky', {
        'accept-language': 'en-US',
      })
    ).data;
    expect(en.data.fairness.algorithm).toMatch(/^roll = HMAC-SHA256/);
  });

  // Last: it re-imports the demo corp.
  it('a new version of a document makes earlier consents not current; the old version stays readable', async () => {
    const me = await login();
    await post(me, 'corp/documents/consent?corpId=demo', { documents: [{ key: 'terms', version: '2026.1' }] });
    await publish(`
corps:
  - id: demo
    name: 招财生活银行（演示）
    whiteListed: true
    appSecret: demo-app-secret-please-change-0001
    groups: [eiop-south]
    documents:
      - { key: terms, title: 用户服务协议, version: "2026.2", effectiveAt: now, body: "第二版：本协议自发布之日起生效，请您仔细阅读。" }
`);
    const mine = (await get<DocumentConsent[]>(me, 'corp/documents/consents?corpId=demo')).data;
    expect(mine.map((c) => [c.key, c.version, c.current])).toEqual([['terms', '2026.1', false]]);
    expect((await get<ComplianceDocument>('', 'corp/document?corpId=demo&key=terms')).data.version).toBe('2026.2');
    expect(
      (await get<ComplianceDocument>('', 'corp/document?corpId=demo&key=terms&version=2026.1')).data.body,
    ).toContain('营销活动');
    expect(
      (await post(me, 'corp/documents/consent?corpId=demo', { documents: [{ key: 'terms', version: '2026.1' }] })).code,
    ).toBe(1021);
  });
});
