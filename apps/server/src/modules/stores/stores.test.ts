import { randomUUID } from 'node:crypto';
import type { CounterTicket, Store, StoreDetail } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../db/tx';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import type { StaffMember } from './ports';

const kinds = await dialects();
const DAY = 86_400_000;
const API = '/bmcs/api/store-list-relation';

describe.each(kinds)('stores and redemption on %s', (kind) => {
  let t: TestApp;
  // Staff identity through the port the stores module declares (wired to the approvals' staff in services.ts).
  const staff = new Map<string, StaffMember>();
  const approvals: { corpId: string; subject: string; context: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, {
      staff: { resolve: async (corpId, s) => { const m = staff.get(s.nuid); return m && m.corpId === corpId ? m : null; } },
      approvals: {
        request: async (corpId, _kind, subject, _by, context) => {
          approvals.push({ corpId, subject, context });
          return { requestId: `req-${approvals.length}`, status: 'pending' };
        },
      },
    });
  });
  afterAll(async () => t?.close());
  const { login } = campaignActions(() => t);

  const get = (path: string, cookie = '') => t.app.inject({ url: `${API}/${path}`, headers: { ...H5, cookie } });
  const post = (path: string, payload: object, cookie: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/${path}?corpId=demo`,
      headers: { ...H5, cookie, 'idempotency-key': key },
      payload,
    });
  const nuidOf = async (cookie: string) =>
    body<{ nuid: string }>(await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { ...H5, cookie } }))
      .data.nuid;

  async function clerk(name: string, storeIds: string[], role: StaffMember['role'] = 'clerk', corpId = 'demo') {
    const cookie = await login();
    const nuid = await nuidOf(cookie);
    staff.set(nuid, { staffId: `staff-${nuid}`, name, role, corpId, storeIds });
    return cookie;
  }

  /** A customer with a grid-lucky "movie" ticket issued `ageDays` ago (its validity is 30 days). */
  async function customerTicket(ageDays = 0, actId = 'grid-lucky', prizeId = 'movie') {
    const cookie = await login();
    const nuid = await nuidOf(cookie);
    const user = await t.database.db.selectFrom('app_user').select('id').where('nuid', '=', nuid).executeTakeFirstOrThrow();
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

  it('every staff endpoint answers a customer 403, and a clerk of another store or corp is refused', async () => {
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
      expect(body(res).code).toBe(3503);
    }
    const elsewhere = await clerk('北京店员', ['bj-guomao']);
    const res = await post('redeem', { code, storeId: 'sh-renmin' }, elsewhere);
    expect([res.statusCode, body(res).code]).toEqual([403, 3504]);
    const otherCorp = await clerk('灰度店员', ['sh-renmin'], 'clerk', 'demo-gray');
    expect((await post('redeem', { code, storeId: 'sh-renmin' }, otherCorp)).statusCode).toBe(403);
    const approver = await clerk('审批人', [], 'approver');
    expect((await post('redeem', { code, storeId: 'sh-renmin' }, approver)).statusCode).toBe(403);
    expect(await countRows(t.database, 'store_redemption')).toBe(0);
  });

  it('a clerk sees who they are and which stores they serve', async () => {
    const me = await clerk('王店员', ['sh-renmin', 'sh-lujiazui']);
    const info = body<{ name: string; role: string; stores: { storeId: string }[] }>(await post('auth-user-info', {}, me)).data;
    expect(info).toMatchObject({ name: '王店员', role: 'clerk' });
    expect(info.stores.map((s) => s.storeId).sort()).toEqual(['sh-lujiazui', 'sh-renmin']);
  });

  it('20 concurrent redemptions of one code: one success, the others told who, where and when; all audited', async () => {
    const { cookie, code } = await customerTicket();
    const a = await clerk('王店员', ['sh-renmin']);
    const b = await clerk('李店员', ['bj-xidan']);
    const looked = body<CounterTicket>(await post('redeem/lookup', { code: code.toLowerCase(), storeId: 'sh-renmin' }, a)).data;
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
      expect(body<string>(r).data).toContain(`由 ${winner.redemption?.staffName} 在 ${winner.redemption?.storeName} 核销`);
    }
    expect(await countRows(t.database, 'store_redemption')).toBe(1);
    const audit = await t.services.stores.auditOf('demo', code);
    expect(audit.filter((x) => x.outcome === 'redeemed')).toHaveLength(1);
    expect(audit.filter((x) => x.outcome === 'refused:REDEEM_ALREADY')).toHaveLength(19);
    expect(audit.every((x) => x.staff_id.startsWith('staff-') && x.store_id && x.created_at)).toBe(true);
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
    const a = await clerk('王店员', ['sh-renmin']);
    const key = randomUUID();
    const first = await post('redeem', { code, storeId: 'sh-renmin' }, a, key);
    const again = await post('redeem', { code, storeId: 'sh-renmin' }, a, key);
    expect(body(first).code).toBe(0);
    expect(body(again)).toEqual(body(first));
  });

  it('refuses: unknown or another corp’s code, a store off the list, an expired ticket (nothing changes)', async () => {
    const a = await clerk('王店员', ['sh-renmin']);
    const before = await countRows(t.database, 'store_redemption');
    expect(body(await post('redeem', { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', storeId: 'sh-renmin' }, a)).code).toBe(3505);
    // A store not on any list: add one outside the redemption list.
    await t.database.db
      .insertInto('store')
      .values({
        corp_id: 'demo', id: 'sh-offlist', name: '测试网点', address: '上海市测试路 1 号', city_code: '310100',
        city_name: '上海市', phone: '021-1', lng: 121.4, lat: 31.2, hours: '[]', created_at: 0, updated_at: 0,
      })
      .execute();
    const off = await clerk('赵店员', ['sh-offlist']);
    const { code } = await customerTicket();
    expect(body(await post('redeem', { code, storeId: 'sh-offlist' }, off)).code).toBe(3506);
    const expired = await customerTicket(40);
    const res = await post('redeem', { code: expired.code, storeId: 'sh-renmin' }, a);
    expect(body(res).code).toBe(3507);
    expect(await countRows(t.database, 'store_redemption')).toBe(before);
    // The expired ticket can go to an approver as an exception; a valid one cannot.
    const ex = await post('redeem/exception', { code: expired.code, storeId: 'sh-renmin', reason: '客户住院错过有效期' }, a);
    expect(body(ex)).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect(approvals.at(-1)).toMatchObject({ corpId: 'demo', subject: expired.code, context: { storeId: 'sh-renmin' } });
    expect(body(await post('redeem/exception', { code, storeId: 'sh-renmin', reason: '测试理由' }, a)).code).toBe(3510);
  });
});
