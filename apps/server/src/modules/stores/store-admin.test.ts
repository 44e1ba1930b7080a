import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { own } from '../../db/owners';
import {
  CONSOLE_HOST,
  CONSOLE_ORIGIN,
  type ConsoleClient,
  consoleSignIn,
  DEMO_CONSOLE,
  seedConsole,
} from '../../testing/console';
import { dialects, startTestApp, type TestApp } from '../../testing/harness';
import * as repo from './repo';

// Issue 34 §1: stores as the console's master data — list, create, change, CSV import (UTF-8 and GBK) —
// by corp and by role, refused input in Chinese with nothing stored, and twenty at once.

const kinds = await dialects();
const ROLE_REQUIRED = 5002;

const STORE = {
  name: '静安寺支行',
  address: '上海市静安区南京西路 1788 号 1 层',
  cityCode: '310100',
  cityName: '上海市',
  phone: '021-6288 0808',
  lng: 121.445,
  lat: 31.223,
  hours: 'Mon-Fri 09:00-17:00; Sat,Sun 10:00-16:00',
  accepts: ['到店兑换券'],
};

describe.each(kinds)('store master data on %s', (kind) => {
  let t: TestApp;
  const as: Record<'operator' | 'approver' | 'auditor' | 'admin', ConsoleClient> = {} as never;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    for (const r of ['operator', 'approver', 'auditor', 'admin'] as const)
      as[r] = await consoleSignIn(t, DEMO_CONSOLE[r]);
  }, 120_000);
  afterAll(async () => t?.close());

  const stores = () => own('stores', t.database.db);
  const upload = (c: ConsoleClient, bytes: Buffer, corp = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/console/stores/import?corpId=${corp}`,
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: c.cookie,
        'x-csrf-token': c.csrf,
        'content-type': 'text/csv',
      },
      payload: bytes,
    });

  it('an operator creates a store and changes it; the list finds it by name; the audit trail has both', async () => {
    const created = (await as.operator.post('/console/stores/save', STORE)).json();
    expect(created).toMatchObject({ code: 0, data: { ...STORE, id: expect.stringMatching(/^s-[0-9a-f]{12}$/) } });
    const id = created.data.id as string;
    const changed = (await as.admin.post('/console/stores/save', { ...STORE, id, hours: '08:30-20:00' })).json();
    expect(changed).toMatchObject({ code: 0, data: { id, hours: '08:30-20:00' } });
    const found = (await as.auditor.get(`/console/stores?q=${encodeURIComponent('静安')}`)).json();
    expect(found.data.items).toEqual([expect.objectContaining({ id, name: STORE.name, hours: '08:30-20:00' })]);
    const row = await repo.getStore(stores(), 'demo', id);
    expect(JSON.parse(row?.hours ?? '')).toEqual([{ days: [1, 2, 3, 4, 5, 6, 7], open: '08:30', close: '20:00' }]);
    const audit = (await as.auditor.get('/console/audit?action=store.update')).json();
    expect(JSON.stringify(audit.data)).toContain(id);
  });

  it('approvers and auditors read the stores but may not change them (5002); nothing is stored', async () => {
    const before = (await as.operator.get('/console/stores?pageSize=500')).json().data.total;
    for (const c of [as.approver, as.auditor]) {
      const res = await c.post('/console/stores/save', { ...STORE, name: '不该出现的门店' });
      expect([res.statusCode, res.json().code]).toEqual([403, ROLE_REQUIRED]);
      expect((await upload(c, Buffer.from('id,name\n'))).json().code).toBe(ROLE_REQUIRED);
    }
    expect((await as.approver.get('/console/stores')).json().code).toBe(0);
    expect((await as.operator.get('/console/stores?pageSize=500')).json().data.total).toBe(before);
  });

  it('bad input is refused field by field in Chinese, never a 500, and nothing changes', async () => {
    const before = (await as.operator.get('/console/stores?pageSize=500')).json().data.total;
    const res = await as.operator.post('/console/stores/save', { ...STORE, lng: 200, cityCode: '31', name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'body.lng': '经度应在 73–136 之间（中国境内，GCJ-02）',
      'body.cityCode': '城市代码为 6 位数字（如 310100）',
      'body.name': '门店名称需为 2–40 个字',
    });
    const hours = (await as.operator.post('/console/stores/save', { ...STORE, hours: 'all day' })).json();
    expect(hours.fields).toEqual({ 'body.hours': expect.stringContaining('营业时间如 09:00-21:00') });
    expect((await as.operator.get('/console/stores?pageSize=500')).json().data.total).toBe(before);
  });

  it("another corp's store is not found from this corp and stays as it was; a session of one corp cannot call as another", async () => {
    const now = t.clock.now;
    await repo.upsertStore(stores(), {
      corp_id: 'demo-branch',
      id: 'branch-only',
      name: '分行门店',
      address: '杭州市西湖区文三路 1 号',
      city_code: '330100',
      city_name: '杭州市',
      phone: '0571-1234 5678',
      lng: 120.1,
      lat: 30.2,
      hours: '[{"days":[1,2,3,4,5,6,7],"open":"09:00","close":"17:00"}]',
      created_at: now,
      updated_at: now,
    });
    const res = (await as.operator.post('/console/stores/save', { ...STORE, id: 'branch-only' })).json();
    expect(res.code).toBe(3502);
    expect((await repo.getStore(stores(), 'demo-branch', 'branch-only'))?.name).toBe('分行门店');
    expect(await repo.getStore(stores(), 'demo', 'branch-only')).toBeUndefined();
    const list = (await as.operator.get('/console/stores?pageSize=500')).json();
    expect(list.data.items.map((s: { id: string }) => s.id)).not.toContain('branch-only');
    const cross = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/stores/save?corpId=demo-branch',
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: as.operator.cookie,
        'x-csrf-token': as.operator.csrf,
      },
      payload: { ...STORE, id: 'branch-only', name: '被改了' },
    });
    expect(cross.json().code).not.toBe(0);
    expect((await repo.getStore(stores(), 'demo-branch', 'branch-only'))?.name).toBe('分行门店');
  });

  it('20 stores created at once are 20 stores; 20 changes of one store at once leave one of them, whole', async () => {
    const before = (await as.operator.get('/console/stores?pageSize=500')).json().data.total;
    const made = await Promise.all(
      Array.from({ length: 20 }, (_x, i) =>
        as.operator.post('/console/stores/save', { ...STORE, name: `并发门店${i}` }),
      ),
    );
    expect(made.map((r) => r.json().code)).toEqual(Array(20).fill(0));
    expect(new Set(made.map((r) => r.json().data.id)).size).toBe(20);
    expect((await as.operator.get('/console/stores?pageSize=500')).json().data.total).toBe(before + 20);
    const id = made[0]?.json().data.id as string;
    const edits = await Promise.all(
      Array.from({ length: 20 }, (_x, i) =>
        as.operator.post('/console/stores/save', {
          ...STORE,
          id,
          name: `改名${i}`,
          address: `上海市静安区第 ${i} 号路 1 号`,
        }),
      ),
    );
    expect(edits.map((r) => r.json().code)).toEqual(Array(20).fill(0));
    const row = await repo.getStore(stores(), 'demo', id);
    const n = row?.name.replace('改名', '');
    expect(row?.address).toBe(`上海市静安区第 ${n} 号路 1 号`);
  });

  it('a GBK CSV imports (a store of the same id is updated); a bad row refuses the whole file with its line', async () => {
    const csv = [
      'id,name,address,cityCode,cityName,lng,lat,hours,phone,accepts',
      'hz-xihu,西湖支行,杭州市西湖区曙光路 122 号 1 层,330100,杭州市,120.14,30.27,09:00-17:00,0571-8888 0101,到店兑换券;咖啡券',
      'sh-renmin,人民广场支行（新）,上海市黄浦区南京西路 2 号 B1,310100,上海市,121.4737,31.2335,09:00-21:00,021-6358 0202,',
    ].join('\r\n');
    const ok = (await upload(as.operator, iconv.encode(csv, 'gbk'))).json();
    expect(ok).toEqual({ code: 0, data: { stores: 2, encoding: 'gbk' } });
    expect((await repo.getStore(stores(), 'demo', 'hz-xihu'))?.accepts).toBe('["到店兑换券","咖啡券"]');
    expect((await repo.getStore(stores(), 'demo', 'sh-renmin'))?.name).toBe('人民广场支行（新）');

    const bad = `${csv.replace('西湖支行', '湖').replace('30.27', '99')}\nhz-2,好门店,杭州市西湖区 1 号 1 层,330100,杭州市,120.1,30.2,never,0571-1,\n`;
    const refused = (await upload(as.operator, Buffer.from(bad))).json();
    expect(refused.code).toBe(6408);
    expect(refused.fields).toMatchObject({
      '2:name': '门店名称需为 2–40 个字',
      '2:lat': '纬度应在 3–54 之间（中国境内，GCJ-02）',
      '4:hours': expect.stringContaining('营业时间如'),
    });
    expect(refused.data).toContain('第 2 行 名称');
    expect(await repo.getStore(stores(), 'demo', 'hz-2')).toBeUndefined();
    expect((await repo.getStore(stores(), 'demo', 'hz-xihu'))?.name).toBe('西湖支行');
    const missing = (await upload(as.operator, Buffer.from('id,name\nx,y\n'))).json();
    expect(missing).toMatchObject({ code: 6408, data: expect.stringContaining('缺少列') });
  });
});
