import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

// Issue 34 §1 券与票 (ADR 0390): a coupon's codes come from a pool the operator uploaded. A pool file is checked
// like a list (bad or repeated codes named by line, nothing stored); each code goes to one award, in file order,
// under 20 draws at once on both databases; a prize whose stock outruns its pool cannot be submitted.

const kinds = await dialects();

describe.each(kinds)('coupon code pools on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let draftId: string;
  const banners = mkdtempSync(join(tmpdir(), 'lab-codes-'));
  const { publish, login, draw } = campaignActions(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind, { config: testConfig({ bannerDir: banners }) });
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    draftId = (await op.post('/console/campaigns/create', { kind: 'coupon', title: '券码池' })).json().data.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(banners, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/console/campaigns/white-list?id=${draftId}&kind=codes&corpId=demo`,
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: op.cookie,
        'x-csrf-token': op.csrf,
        'content-type': 'text/csv',
      },
      payload: bytes,
    });
  const codes = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
  const pool = async () =>
    t.database.db.selectFrom('campaign_code').select(['list_id', 'seq', 'code', 'award_id']).orderBy('seq').execute();

  it('a bad or repeated code is named by its line, and nothing is stored', async () => {
    const before = await pool();
    const res = await upload(Buffer.from('券码\nGOOD000001\nbad!\nGOOD000001\n'));
    const r = res.json();
    expect([res.statusCode, r.code]).toEqual([200, 6408]);
    expect(r.fields).toEqual({ '3:code': '券码须为 6–40 位字母或数字', '4:code': '券码 GOOD000001 重复' });
    expect(r.data).toMatch(/第 3 行 券码：/);
    const header = (await upload(Buffer.from('客户号\nC1\n'))).json();
    expect(header.fields).toEqual({ '1:header': expect.stringContaining('券码') });
    expect(await pool()).toEqual(before);
  });

  it('20 customers drawing at once take the 10 codes of a 10-code pool, each once', async () => {
    const file = codes(10, 'pool');
    const up = (await upload(Buffer.from(`code\n${file.join('\n')}\n`))).json();
    expect(up).toMatchObject({ code: 0, data: { rows: 10 } });
    const listId: string = up.data.listId;
    await publish(
      activityYaml('pool-draws', {
        prizes: [
          `      - { id: c, name: 十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 1000, codePool: ${listId} }`,
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`1390000${String(i).padStart(4, '0')}`)),
    );
    const answers = await Promise.all(cookies.map((c) => draw(c, 'pool-draws')));
    const won = answers
      .map((a) => a.json())
      .map((b) => {
        expect(b.code).toBe(0);
        return b.data.award?.couponCode as string | undefined;
      });
    const given = won.filter((c): c is string => typeof c === 'string');
    expect(given).toHaveLength(10);
    expect(new Set(given).size).toBe(10);
    expect([...given].sort()).toEqual(file.map((c) => c.toUpperCase()).sort());
    const rows = (await pool()).filter((r) => r.list_id === listId);
    expect(rows.every((r) => r.award_id !== null)).toBe(true);
    // Each taken code names the award that shows it.
    const awards = await t.database.db
      .selectFrom('award')
      .select(['id', 'coupon_code'])
      .where('act_id', '=', 'pool-draws')
      .execute();
    expect(new Map(rows.map((r) => [r.award_id, r.code]))).toEqual(new Map(awards.map((a) => [a.id, a.coupon_code])));
  }, 120_000);

  it('a held coupon keeps its pool code unseen: released it shows it, declined it gives it back', async () => {
    const up = (await upload(Buffer.from(`code\n${codes(2, 'held').join('\n')}\n`))).json();
    const listId: string = up.data.listId;
    // Worth ¥2,000, above the demo corp's ¥1,000 threshold: every win waits for an approver.
    await publish(
      activityYaml('pool-held', {
        prizes: [
          `      - { id: c, name: 大额券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 2, valueCents: 200000, codePool: ${listId} }`,
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const decide = async (awardId: string, decision: 'approve' | 'reject') => {
      const req = await t.database.db
        .selectFrom('approval_request')
        .select('id')
        .where('subject', '=', awardId)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/approval/decide?corpId=demo',
        headers: { ...H5, cookie: approver },
        payload: { id: req.id, decision, comment: '核实' },
      });
      expect(res.json().code).toBe(0);
    };
    const taken = async () =>
      (await pool()).filter((r) => r.list_id === listId && r.award_id !== null).map((r) => [r.award_id, r.code]);
    const first = (await draw(await login('13900001001'), 'pool-held')).json().data.award;
    const second = (await draw(await login('13900001002'), 'pool-held')).json().data.award;
    expect([first.status, first.couponCode, second.couponCode]).toEqual(['pending_approval', null, null]);
    expect(await taken()).toHaveLength(2);
    await decide(first.awardId, 'approve');
    const shown = await t.database.db
      .selectFrom('award')
      .select('coupon_code')
      .where('id', '=', first.awardId)
      .executeTakeFirstOrThrow();
    expect(await taken()).toContainEqual([first.awardId, shown.coupon_code]);
    await decide(second.awardId, 'reject');
    expect(await taken()).toEqual([[first.awardId, shown.coupon_code]]);
  });

  it('a draft whose stock outruns its pool, or whose pool is gone, cannot be submitted', async () => {
    const up = (await upload(Buffer.from(`券码\n${codes(3, 'few').join('\n')}\n`))).json();
    const { draft } = (await op.get(`/console/campaigns/detail?id=${draftId}`)).json().data;
    const check = async (codes: unknown) => {
      draft.activity.prizes[0].codes = codes;
      return (await op.post('/console/campaigns/check', { id: draftId, draft })).json().data;
    };
    const short = await check({ ref: up.data.listId, rows: 3, name: 'few.csv' });
    expect(short.ok).toBe(false);
    expect(short.fields['activity.prizes.0.stock']).toBe('库存不能超过券码池的券码数（3 个）');
    const gone = await check({ ref: 'no-such-pool', rows: 3, name: 'gone.csv' });
    expect(gone.fields['activity.prizes.0.codes']).toBe('找不到这份券码文件，请重新上传');
    draft.activity.prizes[0].stock = 3;
    const fits = await check({ ref: up.data.listId, rows: 3, name: 'few.csv' });
    expect(Object.keys(fits.fields).filter((k) => k.startsWith('activity.prizes.0'))).toEqual([]);
  });
});
