import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../campaign-file/definition';
import { testConfig } from '../../config';
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
const DAY = 86_400_000;
/** The smallest valid PNG: 1×1, one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe.each(kinds)('the campaign lab on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let id: string;
  const banners = mkdtempSync(join(tmpdir(), 'lab-banners-'));
  beforeAll(async () => {
    t = await startTestApp(kind, { config: testConfig({ bannerDir: banners }) });
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const created = body<{ id: string }>(
      await op.post('/console/campaigns/create', { kind: 'wheel', title: '春季转盘' }),
    );
    expect(created.code).toBe(0);
    id = created.data.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(banners, { recursive: true, force: true });
  });
  const { publish, login, draw } = campaignActions(() => t);

  const upload = (path: string, bytes: Buffer, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api${path}${path.includes('?') ? '&' : '?'}corpId=demo`,
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: op.cookie,
        'x-csrf-token': op.csrf,
        'content-type': type,
      },
      payload: bytes,
    });
  const audited = async (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'after'])
      .where('corp_id', '=', 'demo')
      .where('action', '=', action)
      .execute();
  const count = async (table: 'draw' | 'campaign_list' | 'campaign_list_entry') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('simulates the stored draft over a curve, audited; an auditor may not; a bad curve or table is a field error', async () => {
    const res = await op.post('/console/campaigns/simulate', { id, draws: 200_000, days: 5, curve: [5, 1, 1, 1, 2] });
    const r = body<{
      drawsPerDay: number[];
      payoutPerDayCents: number[];
      runOut: { prizeId: string }[];
      elapsedMs: number;
    }>(res);
    expect(r.code).toBe(0);
    expect(r.data.drawsPerDay).toEqual([100_000, 20_000, 20_000, 20_000, 40_000]);
    expect(r.data.payoutPerDayCents).toHaveLength(5);
    expect(r.data.runOut.length).toBeGreaterThan(1);
    expect(await audited('campaign.simulate')).toEqual([
      expect.objectContaining({ subject: id, after: expect.stringContaining('"draws":200000') }),
    ]);
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    expect((await auditor.post('/console/campaigns/simulate', { id, draws: 10, days: 1 })).statusCode).toBe(403);
    expect(body(await op.post('/console/campaigns/simulate', { id, draws: 10, days: 2, curve: [1] }))).toMatchObject({
      code: 6402,
      fields: { 'body.curve': expect.any(String) },
    });
    const detail = body<{ draft: { activity: { prizes: { consolation?: boolean }[] } } }>(
      await op.get(`/console/campaigns/detail?id=${id}`),
    ).data.draft;
    const broken = structuredClone(detail);
    for (const p of broken.activity.prizes) p.consolation = false;
    expect(body(await op.post('/console/campaigns/simulate', { id, draws: 10, days: 1, draft: broken }))).toMatchObject(
      {
        code: 6402,
      },
    );
    expect(body(await op.post('/console/campaigns/simulate', { id: 'nope', draws: 10, days: 1 }))).toMatchObject({
      code: 6301,
    });
  });

  it('simulates a paced prize: each day gives its release at most, and says on how many days it ran out', async () => {
    const detail = body<{ draft: { activity: { prizes: { stock?: number | null; consolation?: boolean }[] } } }>(
      await op.get(`/console/campaigns/detail?id=${id}`),
    ).data.draft;
    const paced = structuredClone(detail);
    const idx = paced.activity.prizes.findIndex((p) => !p.consolation && typeof p.stock === 'number' && p.stock >= 50);
    expect(idx).toBeGreaterThanOrEqual(0);
    const prize = paced.activity.prizes[idx] as Record<string, unknown>;
    prize.stock = 50;
    prize.weight = 100_000; // picked by nearly every draw: each day's 10 go at once
    prize.release = { every: 'day', at: '10:00', units: 10, rollover: false };
    const r = body<{ runOut: { prizeId: string; won: number; day: number | null; pacedOutDays?: number }[] }>(
      await op.post('/console/campaigns/simulate', { id, draws: 10_000, days: 7, draft: paced }),
    );
    expect(r.code).toBe(0);
    const row = r.data.runOut[idx];
    // 10 a day for 5 days empties the stock of 50; days 1–4 ran out with stock left, day 5 took the last unit.
    expect(row).toMatchObject({ won: 50, day: 5, pacedOutDays: 4 });
    expect(r.data.runOut.filter((x) => x.pacedOutDays !== undefined)).toHaveLength(1);
  });

  it('a preview link shows the draft to anyone holding it, draws store nothing, and it expires', async () => {
    const p = body<{ url: string; token: string; expiresAt: number }>(
      await op.post('/console/campaigns/preview', { id }),
    );
    expect(p.code).toBe(0);
    expect(p.data.url).toMatch(/^\/preview\?corpId=demo&token=/);
    expect(p.data.expiresAt).toBe(t.clock.now + 7 * DAY);
    const token = encodeURIComponent(p.data.token);
    const page = await t.app.inject({ url: `/bmcs/api/preview/page?corpId=demo&token=${token}`, headers: H5 });
    expect(body(page)).toMatchObject({ code: 0, data: { title: '春季转盘', odds: expect.any(Array) } });
    const before = await count('draw');
    const drawn = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/preview/draw?corpId=demo',
      headers: H5,
      payload: { token: p.data.token },
    });
    expect(body(drawn)).toMatchObject({ code: 0, data: { preview: true, prizeId: expect.any(String) } });
    expect(await count('draw')).toBe(before);
    const other = await t.app.inject({ url: `/bmcs/api/preview/page?corpId=demo2&token=${token}`, headers: H5 });
    expect(body(other).code).toBe(6404);
    const tampered = `${p.data.token.slice(0, -2)}AA`;
    expect(body(await t.app.inject({ url: `/bmcs/api/preview/page?corpId=demo&token=${tampered}` })).code).toBe(6404);
    t.clock.advance(7 * DAY + 1);
    expect(body(await t.app.inject({ url: `/bmcs/api/preview/page?corpId=demo&token=${token}` })).code).toBe(6405);
    expect(await audited('campaign.preview-link')).toHaveLength(1);
    // A week on, the console session has timed out too.
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
  });

  it('an image is typed from its bytes, limited in size and served through the banner check', async () => {
    const ok = body<{ url: string; type: string }>(
      await upload('/console/uploads/image', PNG, 'application/octet-stream'),
    );
    expect(ok).toMatchObject({ code: 0, data: { type: 'image/png' } });
    const served = await t.app.inject({ url: ok.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const fake = await upload('/console/uploads/image', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    const big = await upload(
      '/console/uploads/image',
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    // A file sent to a JSON endpoint is refused, not parsed.
    expect((await upload('/console/campaigns/simulate', PNG, 'image/png')).statusCode).toBe(415);
    // And JSON where a file belongs is refused as the wrong type.
    expect(
      (await upload(`/console/campaigns/white-list?id=${id}`, Buffer.from('{}'), 'application/json')).statusCode,
    ).toBe(415);
    expect(await audited('upload.image')).toHaveLength(1);
  });

  it('a white list in UTF-8 or GBK is stored whole; one bad row stores nothing and names line and field', async () => {
    const utf8 = await upload(
      `/console/campaigns/white-list?id=${id}`,
      Buffer.from('\uFEFFnuid,mobile\na1,13800000001\na2,\n'),
      'text/csv',
    );
    expect(body(utf8)).toMatchObject({ code: 0, data: { rows: 2, encoding: 'utf-8' } });
    const gbk = iconv.encode(
      '客户号,手机号,姓名\r\nb1,13800000001,张三\r\nb2,13800000002,李四\r\nb3,13800000003,王五\r\n',
      'gbk',
    );
    expect(body(await upload(`/console/campaigns/white-list?id=${id}`, gbk, 'text/csv'))).toMatchObject({
      code: 0,
      data: { rows: 3, encoding: 'gbk' },
    });
    const [lists, entries] = [await count('campaign_list'), await count('campaign_list_entry')];
    const bad = iconv.encode('客户号,手机号\nc1,13800000001\nc2,12345\nc1,13800000003\n,13800000004\n', 'gbk');
    const refused = body<string>(await upload(`/console/campaigns/white-list?id=${id}`, bad, 'text/csv')) as {
      code: number;
      data: string;
      fields: Record<string, string>;
    };
    expect(refused.code).toBe(6408);
    expect(refused.fields).toEqual({
      '3:mobile': expect.stringContaining('11 位'),
      '4:nuid': expect.stringContaining('重复'),
      '5:nuid': expect.stringContaining('不能为空'),
    });
    expect(refused.data).toContain('第 3 行 手机号：');
    expect([await count('campaign_list'), await count('campaign_list_entry')]).toEqual([lists, entries]);
    const noHeader = await upload(`/console/campaigns/white-list?id=${id}`, Buffer.from('x,y\n1,2\n'), 'text/csv');
    expect(body(noHeader).code).toBe(6408);
    expect(await audited('campaign.white-list')).toHaveLength(2);
  });

  it('exports the YAML cli import takes; import then export gives the same campaign; errors name their line', async () => {
    const first = body<{ yaml: string }>(await op.get(`/console/campaigns/yaml?id=${id}`));
    expect(first.code).toBe(0);
    expect(first.data.yaml).toMatch(/activities:\n {2}- /);
    const imported = body<{ id: string; rev: number }>(
      await op.post('/console/campaigns/import-yaml', {
        yaml: first.data.yaml.replaceAll(`id: ${id}`, 'id: lab-copy'),
      }),
    );
    expect(imported).toMatchObject({ code: 0, data: { id: 'lab-copy', rev: 2 } });
    const copy = body<{ yaml: string }>(await op.get('/console/campaigns/yaml?id=lab-copy')).data.yaml;
    const bodyOf = (y: string) =>
      y
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n');
    // The same campaign as the CLI reads it (defaults filled in), under its new id.
    const asCli = (y: string) => parseDefinition(y, 'x', t.clock.now);
    expect(asCli(copy)).toEqual(asCli(first.data.yaml.replaceAll(`id: ${id}`, 'id: lab-copy')));
    // Import it again over itself: the same draft comes back out.
    const again = body<{ rev: number }>(
      await op.post('/console/campaigns/import-yaml', { yaml: copy, id: 'lab-copy' }),
    );
    expect(again).toMatchObject({ code: 0, data: { rev: 3 } });
    expect(bodyOf(body<{ yaml: string }>(await op.get('/console/campaigns/yaml?id=lab-copy')).data.yaml)).toBe(
      bodyOf(copy),
    );
    const lines = copy.split('\n');
    const weightAt = lines.findIndex((l) => l.includes('weight:'));
    lines[weightAt] = lines[weightAt]?.replace(/weight: \d+/, 'weight: -1') ?? '';
    const bad = (await op.post('/console/campaigns/import-yaml', { yaml: lines.join('\n') })).json();
    expect(bad.code).toBe(6409);
    expect(Object.keys(bad.fields)).toContain(`${weightAt + 1}:activities.0.prizes.0.weight`);
    expect(body(await op.post('/console/campaigns/import-yaml', { yaml: 'a: [' })).code).toBe(6409);
    expect(await audited('campaign.yaml-import')).toHaveLength(2);
  });

  it('one draw is recomputable from its id: the commitment before the end, the seed and the check after', async () => {
    await publish(
      activityYaml('lab-fair', {
        prizes: [
          '      - { id: p1, name: 一等奖, kind: coupon, image: /p.svg, weight: 1, stock: 5, valueCents: 100 }',
          '      - { id: p0, name: 谢谢参与, kind: thanks, image: /t.svg, weight: 3, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookie = await login('13912340349');
    const drawn = body<{ drawId: string }>(await draw(cookie, 'lab-fair'));
    expect(drawn.code).toBe(0);
    const proofUrl = `/bmcs/api/fairness/draw?corpId=demo&drawId=${drawn.data.drawId}`;
    const live = body(await t.app.inject({ url: proofUrl, headers: H5 }));
    // The campaign by its name and the odds in per cent, beside the weights the browser recomputes with.
    expect(live).toMatchObject({ code: 0, data: { actId: 'lab-fair', actTitle: '测试转盘', seed: null, check: null } });
    expect((live.data as { table: unknown[] }).table).toEqual([
      { id: 'p1', name: '一等奖', weight: 1, percentText: '25.00%' },
      { id: 'p0', name: '谢谢参与', weight: 3, percentText: '75.00%' },
    ]);
    // Public: nothing that names the customer (mobile, nuid, open id), only the pseudonymous id the roll hashes.
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['nuid', 'mobile'])
      .where('mobile', '=', '13912340349')
      .executeTakeFirstOrThrow();
    const published = JSON.stringify(live);
    for (const personal of ['13912340349', '139****0349', user.nuid]) expect(published).not.toContain(personal);
    t.clock.advance(11 * DAY);
    const ended = body(await t.app.inject({ url: proofUrl, headers: H5 }));
    expect(ended).toMatchObject({
      code: 0,
      data: {
        seed: expect.stringMatching(/^[0-9a-f]{64}$/),
        check: { commitmentOk: true, rollOk: true, pickOk: true },
      },
    });
    expect(body(await t.app.inject({ url: '/bmcs/api/fairness/draw?corpId=demo&drawId=nope' })).code).toBe(6410);
  });
});
