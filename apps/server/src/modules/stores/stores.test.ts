import { randomUUID } from 'node:crypto';
import type { CounterTicket, Store, StoreDetail } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../db/tx';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();
const DAY = 86_400_000;
const API = '/bmcs/api/store-list-relation';

describe.each(kinds)('stores and redemption on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // Clerks of given stores, an approver, an operator, and a store off every redemption list; the demo-gray
    // corp gets a store and an operator of its own.
    await publish(`
stores:
  - { id: sh-offlist, corp: demo, name: 测试网点, address: 上海市黄浦区测试路 1 号, cityCode: "310100", cityName: 上海市, phone: "021-1000", lng: 121.4, lat: 31.2, hours: "09:00-17:00" }
  - { id: gray-1, corp: demo-gray, name: 灰度网点, address: 上海市黄浦区灰度路 1 号, cityCode: "310100", cityName: 上海市, phone: "021-2000", lng: 121.41, lat: 31.21, hours: "09:00-17:00" }
staff:
  - { corp: demo, id: clerk-sh, name: 王店员, roles: [clerk], stores: [sh-renmin, sh-lujiazui] }
  - { corp: demo, id: clerk-bj, name: 李店员, roles: [clerk], stores: [bj-xidan] }
  - { corp: demo, id: clerk-gm, name: 国贸店员, roles: [clerk], stores: [bj-guomao] }
  - { corp: demo, id: clerk-off, name: 赵店员, roles: [clerk], stores: [sh-offlist] }
  - { corp: demo, id: approver-x, name: 审批人, roles: [approver] }
  - { corp: demo, id: operator-x, name: 陈运营, roles: [operator] }
  - { corp: demo-gray, id: gray-op, name: 灰度运营, roles: [operator] }
`);
  });
  afterAll(async () => t?.close());
  const { login, publish } = campaignActions(() => t);
  const clerk = (id: string, roles: ('clerk' | 'approver' | 'operator')[] = ['clerk'], corp = 'demo') =>
    staffLogin(t, corp, id, roles);

  const get = (path: string, cookie = '') => t.app.inject({ url: `${API}/${path}`, headers: { ...H5, cookie } });
  const post = (path: string, payload: object, cookie: string, key: string = randomUUID(), corp = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `${API}/${path}?corpId=${corp}`,
      headers: { ...H5, cookie, 'idempotency-key': key },
      payload,
    });
  const nuidOf = async (cookie: string) =>
    body<{ nuid: string }>(
      await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { ...H5, cookie } }),
    ).data.nuid;

  /** A customer with a grid-lucky "movie" ticket issued `ageDays` ago (its validity is 30 days). */
  async function customerTicket(ageDays = 0, actId = 'grid-lucky', prizeId = 'movie') {
    const cookie = await login();
    const nuid = await nuidOf(cookie);
    const user = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('nuid', '=', nuid)
      .executeTakeFirstOrThrow();
    const award = await transact(t.database, (x) =>
      t.services.prizes.award(x, {
        corpId: 'demo',
        userId: user.id,
        actId,
        drawId: randomUUID(),
        prize: { id: prizeId, kind: 'coupon', points: null },
        now: t.clock.now - ageDays * DAY,
      }),
    );
    if (!award?.coupon_code) throw new Error('no ticket issued');
    return { cookie, code: award.coupon_code, awardId: award.id };
  }

  it('lists the demo stores of an activity in three cities, nearest first from a WGS-84 location', async () => {
    const rel = body<{ relations: { listId: string; actIds: string[]; storeIds: string[] }[] }>(
      await get('relation-list?corpId=demo&actId=grid-lucky'),
    ).data.relations;
    expect(rel).toHaveLength(1);
    expect(rel[0]?.listId).toBe('spring-redeem');
    expect(rel[0]?.storeIds).toHaveLength(7);
    // The Bund in WGS-84 (what a browser reports): the nearest is 陆家嘴, then 人民广场.
    const res = body<{ cities: { cityName: string; count: number }[]; list: Store[] }>(
      await get('store-list?corpId=demo&listId=spring-redeem&lng=121.4856&lat=31.2436&coord=wgs84'),
    ).data;
    expect(res.cities.map((c) => c.cityName).sort()).toEqual(['上海市', '北京市', '深圳市']);
    expect(res.list.map((s) => s.storeId).slice(0, 2)).toEqual(['sh-lujiazui', 'sh-renmin']);
    expect(res.list[0]?.distanceM).toBeGreaterThan(500);
    expect(res.list[0]?.distanceM).toBeLessThan(3000);
    const distances = res.list.map((s) => s.distanceM ?? -1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // No location: no distances, still listed.
    const plain = body<{ list: Store[] }>(await get('store-list?corpId=demo&listId=spring-redeem')).data.list;
    expect(plain).toHaveLength(7);
    expect(plain.every((s) => s.distanceM === null)).toBe(true);
  });

  it('filters by city; open now is computed in Asia/Shanghai', async () => {
    // T0 is 2026-11-22 02:00 UTC = Sunday 10:00 in Shanghai.
    const bj = body<{ list: Store[] }>(
      await get(`store-list-by-city?corpId=demo&listId=spring-redeem&cityName=${encodeURIComponent('北京市')}`),
    ).data.list;
    expect(bj.map((s) => s.storeId).sort()).toEqual(['bj-guomao', 'bj-xidan']);
    const guomao = bj.find((s) => s.storeId === 'bj-guomao');
    expect(guomao).toMatchObject({ openNow: false, todayHours: null }); // Mon-Fri and Saturday only
    expect(bj.find((s) => s.storeId === 'bj-xidan')).toMatchObject({ openNow: true, todayHours: '09:30-20:30' });
  });

  it('with a prize, only the stores that accept it (a store that lists none accepts every prize)', async () => {
    const setAccepts = (id: string, names: string[]) =>
      t.database.db
        .updateTable('store')
        .set({ accepts: JSON.stringify(names) })
        .where('corp_id', '=', 'demo')
        .where('id', '=', id)
        .execute();
    await setAccepts('sh-lujiazui', ['保温杯']);
    await setAccepts('bj-xidan', ['电影票']);
    try {
      const res = body<{ cities: { cityName: string; count: number }[]; list: Store[] }>(
        await get(`store-list?corpId=demo&listId=spring-redeem&prize=${encodeURIComponent('电影票')}`),
      ).data;
      expect(res.list).toHaveLength(6);
      expect(res.list.map((s) => s.storeId)).not.toContain('sh-lujiazui');
      expect(res.list.map((s) => s.storeId)).toContain('bj-xidan');
      expect(res.cities.reduce((n, c) => n + c.count, 0)).toBe(6);
      const sh = body<{ list: Store[] }>(
        await get(
          `store-list-by-city?corpId=demo&listId=spring-redeem&cityName=${encodeURIComponent('上海市')}&prize=${encodeURIComponent('保温杯')}`,
        ),
      ).data.list;
      expect(sh.map((s) => s.storeId)).toContain('sh-lujiazui');
      expect(sh.every((s) => s.cityName === '上海市')).toBe(true);
    } finally {
      await setAccepts('sh-lujiazui', []);
      await setAccepts('bj-xidan', []);
    }
  });

  it('store detail: coordinates in GCJ-02, WGS-84 and BD-09, and the nearby stores of the same city', async () => {
    const res = await post('store-detail', { listId: 'spring-redeem', storeId: 'sh-lujiazui' }, '');
    const d = body<StoreDetail>(res).data;
    expect(d.coords.gcj02).toEqual([121.504957, 31.239747]);
    // GCJ-02 is offset from WGS-84 by a few hundred metres in Shanghai; BD-09 further still.
    expect(d.coords.wgs84[0]).toBeCloseTo(121.5005, 2);
    expect(d.coords.wgs84[1]).toBeCloseTo(31.2417, 2);
    expect(d.coords.bd09[0]).toBeCloseTo(121.5115, 2);
    expect(d.coords.bd09[1]).toBeCloseTo(31.2456, 2);
    expect(d.nearby.map((s) => s.storeId)).toEqual(['sh-renmin', 'sh-xujiahui']);
    expect(body(await post('store-detail', { listId: 'spring-redeem', storeId: 'nope' }, '')).code).toBe(3502);
    expect(body(await get('store-list?corpId=demo&listId=nope')).code).toBe(3501);
    expect(body(await get('store-list?corpId=demo-gray&listId=spring-redeem')).code).toBe(3501);
  });

  it('bad input is a clear 400 in the envelope, in the customer’s language', async () => {
    const res = await t.app.inject({
      url: `${API}/store-list?corpId=demo&listId=${encodeURIComponent('a b')}&lng=999`,
      headers: { ...H5, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(body<string>(res).data).toMatch(/store list id is invalid/);
  });

  it('the map provider key: none configured in the demo (the designed fallback)', async () => {
    const m = body<{ provider: string | null; tileUrl: string | null }>(await get('map-key?corpId=demo')).data;
    expect(m).toMatchObject({ provider: null, tileUrl: null });
  });

  it('every staff endpoint answers a customer 403; a clerk of another store, an approver, another corp are refused', async () => {
    const customer = await login();
    const { code } = await customerTicket();
    const calls = [
      () => post('auth-user-info', {}, customer),
      () => post('redeem/lookup', { code, storeId: 'sh-renmin' }, customer),
      () => post('redeem', { code, storeId: 'sh-renmin' }, customer),
      () => post('redeem/exception', { code, storeId: 'sh-renmin', reason: '客户住院' }, customer),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe(5001);
    }
    // No session at all: 401.
    expect((await post('redeem', { code, storeId: 'sh-renmin' }, '')).statusCode).toBe(401);
    const elsewhere = await clerk('clerk-gm');
    const res = await post('redeem', { code, storeId: 'sh-renmin' }, elsewhere);
    expect([res.statusCode, body(res).code]).toEqual([403, 3504]);
    const approver = await clerk('approver-x', ['approver']);
    for (const call of [
      () => post('auth-user-info', {}, approver),
      () => post('redeem/lookup', { code, storeId: 'sh-renmin' }, approver),
      () => post('redeem', { code, storeId: 'sh-renmin' }, approver),
      () => post('redeem/exception', { code, storeId: 'sh-renmin', reason: '客户住院' }, approver),
    ]) {
      const r = await call();
      expect([r.statusCode, body(r).code]).toEqual([403, 5002]);
    }
    // Another corp's operator: its session is not a demo session, and demo's codes are not in its corp.
    const gray = await clerk('gray-op', ['operator'], 'demo-gray');
    expect((await post('redeem', { code, storeId: 'sh-renmin' }, gray)).statusCode).toBe(401);
    const inGray = await post('redeem', { code, storeId: 'gray-1' }, gray, randomUUID(), 'demo-gray');
    expect([inGray.statusCode, body(inGray).code]).toEqual([200, 3505]);
    expect(await countRows(t.database, 'store_redemption')).toBe(0);
  });

  it('a clerk sees who they are and which stores they serve', async () => {
    const me = await clerk('clerk-sh');
    const info = body<{ name: string; roles: string[]; stores: { storeId: string }[] }>(
      await post('auth-user-info', {}, me),
    ).data;
    expect(info).toMatchObject({ name: '王店员', roles: ['clerk'] });
    expect(info.stores.map((s) => s.storeId).sort()).toEqual(['sh-lujiazui', 'sh-renmin']);
  });

  it('20 concurrent redemptions of one code: one success, the others told who, where and when; all audited', async () => {
    const { cookie, code } = await customerTicket();
    const a = await clerk('clerk-sh');
    const b = await clerk('clerk-bj');
    const looked = body<CounterTicket>(
      await post('redeem/lookup', { code: code.toLowerCase(), storeId: 'sh-renmin' }, a),
    ).data;
    expect(looked).toMatchObject({ state: 'unused', redeemableHere: true, redemption: null, prizeName: '电影票' });
    expect(looked.customer).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('redeem', { code, storeId: i % 2 ? 'sh-renmin' : 'bj-xidan' }, i % 2 ? a : b),
      ),
    );
    const won = results.filter((r) => body(r).code === 0);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => body(r).code !== 0);
    expect(lost).toHaveLength(19);
    const winner = body<CounterTicket>(won[0] as (typeof results)[number]).data;
    expect(winner.redemption?.staffName).toMatch(/^(王|李)店员$/);
    for (const r of lost) {
      expect(r.statusCode).toBe(200);
      expect(body(r).code).toBe(3508);
      expect(body<string>(r).data).toContain(
        `由 ${winner.redemption?.staffName} 在 ${winner.redemption?.storeName} 核销`,
      );
    }
    expect(await countRows(t.database, 'store_redemption')).toBe(1);
    const audit = await t.services.stores.auditOf('demo', code);
    expect(audit.filter((x) => x.outcome === 'redeemed')).toHaveLength(1);
    expect(audit.filter((x) => x.outcome === 'refused:REDEEM_ALREADY')).toHaveLength(19);
    expect(audit.every((x) => ['clerk-sh', 'clerk-bj'].includes(x.staff_id) && x.created_at === t.clock.now)).toBe(
      true,
    );
    expect(new Set(audit.map((x) => x.store_id))).toEqual(new Set(['sh-renmin', 'bj-xidan']));
    // The customer's prize list and coupon index now show it used at a store (已核销).
    const mine = body<{ status: string; usedChannel: string | null; couponCode: string | null }[]>(
      await t.app.inject({ url: '/bmcs/api/prizes/mine?corpId=demo', headers: { ...H5, cookie } }),
    ).data;
    expect(mine.find((p) => p.couponCode === code)).toMatchObject({ status: 'exchanged', usedChannel: 'store' });
    const coupons = body<{ list: { code: string; state: string; usedChannel: string | null }[] }>(
      await t.app.inject({ url: '/bmcs/api/coupon/info?corpId=demo&state=used', headers: { ...H5, cookie } }),
    ).data.list;
    expect(coupons.find((c) => c.code === code)).toMatchObject({ state: 'used', usedChannel: 'store' });
    // A later lookup shows the redemption.
    const after = body<CounterTicket>(await post('redeem/lookup', { code, storeId: 'sh-renmin' }, a)).data;
    expect(after.state).toBe('used');
    expect(after.redemption?.staffName).toBe(winner.redemption?.staffName);
  });

  it('a retried redemption (same key, same clerk) gets the first answer', async () => {
    const { code } = await customerTicket();
    const a = await clerk('clerk-sh');
    const key = randomUUID();
    const first = await post('redeem', { code, storeId: 'sh-renmin' }, a, key);
    const again = await post('redeem', { code, storeId: 'sh-renmin' }, a, key);
    expect(body(first).code).toBe(0);
    expect(body(again)).toEqual(body(first));
  });

  it('refuses: unknown code, a store off the list, an expired ticket (nothing changes); an exception goes to an approver', async () => {
    const a = await clerk('clerk-sh');
    const before = await countRows(t.database, 'store_redemption');
    const unknown = await post('redeem', { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', storeId: 'sh-renmin' }, a);
    expect(body(unknown)).toEqual({ code: 3505, data: '券码不存在或不属于本机构' });
    const off = await clerk('clerk-off');
    const { code } = await customerTicket();
    expect(body(await post('redeem', { code, storeId: 'sh-offlist' }, off)).code).toBe(3506);
    // An operator may redeem at any store of the corp, but only on the prize's list.
    const op = await clerk('operator-x', ['operator']);
    expect(body(await post('redeem/lookup', { code, storeId: 'sz-keji' }, op)).data).toMatchObject({
      redeemableHere: true,
    });
    const expired = await customerTicket(40);
    const res = await post('redeem', { code: expired.code, storeId: 'sh-renmin' }, a);
    expect(body(res).code).toBe(3507);
    expect(await countRows(t.database, 'store_redemption')).toBe(before);
    // A valid ticket needs no exception.
    expect(body(await post('redeem/exception', { code, storeId: 'sh-renmin', reason: '测试理由' }, a)).code).toBe(3510);
    // The expired one goes to the approvals; an approver's approval redeems it at the clerk's store.
    const ex = await post(
      'redeem/exception',
      { code: expired.code, storeId: 'sh-renmin', reason: '客户住院错过有效期' },
      a,
    );
    const { requestId } = body<{ requestId: string }>(ex).data;
    expect(body(ex)).toMatchObject({ code: 0, data: { status: 'pending' } });
    const approver = await clerk('approver-x', ['approver']);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/approval/decide?corpId=demo',
      headers: { ...H5, cookie: approver },
      payload: { id: requestId, decision: 'approve' },
    });
    expect(body(decided).code).toBe(0);
    const after = body<CounterTicket>(
      await post('redeem/lookup', { code: expired.code, storeId: 'sh-renmin' }, a),
    ).data;
    expect(after).toMatchObject({ state: 'used', redemption: { staffName: '王店员', storeName: '人民广场支行' } });
    const again = await post('redeem', { code: expired.code, storeId: 'sh-renmin' }, a);
    expect(body(again).code).toBe(3508);
    const audit = await t.services.stores.auditOf('demo', expired.code);
    expect(audit.map((x) => x.outcome)).toEqual(
      expect.arrayContaining(['refused:REDEEM_EXPIRED', 'exception-requested', 'redeemed-by-exception']),
    );
  });
});
