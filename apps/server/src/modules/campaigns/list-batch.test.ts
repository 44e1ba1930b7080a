import type { CampaignRow } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

type Page = { items: CampaignRow[]; total: number };
type Paused = { results: { id: string; ok: boolean; message: string | null }[] };

describe.each(kinds)('the campaign list: sort, batch pause, CSV on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  /** Publishes a wheel starting `startIn` from now on its own slot. */
  const live = async (id: string, title: string, startIn: number) => {
    const ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const { rev } = await readyWheel(op, id, t.clock.now, startIn, (d) => {
      d.slot = `page:${id}`;
      if (d.activity) d.activity.title = title;
    });
    expect(body(await op.post('/console/campaigns/submit', { id, rev })).code).toBe(0);
    expect(body(await ap.post('/console/campaigns/review', { id, rev, decision: 'approve' })).code).toBe(0);
  };
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    await live('sort-b', 'B 秋季转盘', 0);
    await live('sort-a', 'A 冬季转盘', 0);
    await live('sort-c', 'C 春季转盘', 3_600_000);
    // A draft: no dates yet, listed last whichever way the dates are sorted.
    expect(
      body(await op.post('/console/campaigns/create', { kind: 'wheel', title: 'D 草稿', id: 'sort-d' })).code,
    ).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const list = async (query: string) => {
    const r = body<Page>(await op.get(`/console/campaigns?pageSize=100&${query}`));
    expect(r.code).toBe(0);
    return r.data.items.map((i) => i.id).filter((id) => id.startsWith('sort-'));
  };

  it('sorts by a listed column either way, newest change first by default', async () => {
    expect(await list('')).toEqual(['sort-d', 'sort-c', 'sort-a', 'sort-b']);
    expect(await list('sort=title&order=ascend')).toEqual(['sort-a', 'sort-b', 'sort-c', 'sort-d']);
    expect(await list('sort=title&order=descend')).toEqual(['sort-d', 'sort-c', 'sort-b', 'sort-a']);
    // The template's draft starts in a day; the wheels now (b before a) and in an hour.
    expect(await list('sort=startsAt&order=ascend')).toEqual(['sort-b', 'sort-a', 'sort-c', 'sort-d']);
    expect(await list('sort=startsAt&order=descend')).toEqual(['sort-d', 'sort-c', 'sort-a', 'sort-b']);
    expect(await list('sort=updatedAt&order=descend')).toEqual(await list(''));
    const up = body<Page>(await op.get('/console/campaigns?pageSize=100&sort=updatedAt&order=ascend')).data.items;
    expect(up.map((i) => i.updatedAt)).toEqual(up.map((i) => i.updatedAt).sort((a, b) => a - b));
  });

  it('refuses a column it does not list, in Chinese, with a 400 and not a 500', async () => {
    for (const q of ['sort=updated_at', 'sort=title;drop table campaign', 'sort=title&order=up', 'sort=corp_id']) {
      const res = await op.get(`/console/campaigns?${q}`);
      expect(res.statusCode).toBe(400);
      const env = body<string>(res);
      expect(env.code).not.toBe(0);
      expect(env.data).toMatch(/不支持按这一列排序|排序方向只能是升序或降序/);
    }
    // The export takes the same whitelist.
    expect((await op.get('/console/campaigns/export?sort=id')).statusCode).toBe(400);
    expect(await list('')).toHaveLength(4);
  });

  it('exports the filtered, sorted list as CSV with labels and Beijing time', async () => {
    const res = await op.get('/console/campaigns/export?sort=title&order=ascend');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('活动编号,活动名称,类型,状态,开始时间,结束时间,线上版本,最后修改,修改人');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['sort-a', 'sort-b', 'sort-c', 'sort-d']);
    expect(lines[1]).toMatch(/^sort-a,A 冬季转盘,大转盘,进行中,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(lines[4]).toContain('草稿');
    expect(res.body).not.toMatch(/\d{13}/);
  });

  it('pauses several at once, each through the pause of one, and says per campaign why not', async () => {
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const refused = await auditor.post('/console/campaigns/pause-many', { ids: ['sort-a'] });
    expect(refused.statusCode).toBe(403);
    const r = body<Paused>(
      await op.post('/console/campaigns/pause-many', { ids: ['sort-a', 'sort-c', 'sort-d', 'sort-none', 'sort-a'] }),
    );
    expect(r.code).toBe(0);
    expect(r.data.results.map((x) => [x.id, x.ok])).toEqual([
      ['sort-a', true],
      ['sort-c', true],
      ['sort-d', false],
      ['sort-none', false],
    ]);
    for (const x of r.data.results.filter((y) => !y.ok)) expect(x.message).toMatch(/[\u4e00-\u9fff]/);
    const states = body<Page>(await op.get('/console/campaigns?pageSize=100&sort=title&order=ascend'));
    expect(states.data.items.filter((i) => i.id.startsWith('sort-')).map((i) => i.state)).toEqual([
      'paused',
      'live',
      'paused',
      'draft',
    ]);
    // Each pause is its own audited change.
    const audit = body<{ items: { action: string; subject: string | null }[] }>(
      await auditor.get('/console/audit?pageSize=100&action=campaign.pause'),
    );
    expect(audit.data.items.map((e) => e.subject).sort()).toEqual(['sort-a', 'sort-c']);
  });

  it('20 batches at once pause a campaign once: one says paused, the others why not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => op.post('/console/campaigns/pause-many', { ids: ['sort-b'] })),
    );
    const results = answers.map((a) => body<Paused>(a).data.results[0]);
    expect(results.filter((x) => x?.ok)).toHaveLength(1);
    expect(results.filter((x) => x && !x.ok && x.message)).toHaveLength(19);
  });
});
