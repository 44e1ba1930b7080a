import type { ConsoleNotification } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailOf, HOUR, readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

type List = { items: ConsoleNotification[]; unread: number };

// Issue 34 §2: the bell tells each staff member what needs them, and nobody else's or another corp's.
describe.each(kinds)('console notifications on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let wang: ConsoleClient;
  let zhao: ConsoleClient;
  let auditor: ConsoleClient;
  let admin: ConsoleClient;
  let gray: ConsoleClient;
  const GRAY = { staffId: 'approver-gray', login: 'gray-approver', totpSecret: DEMO_CONSOLE.approver.totpSecret };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    // Another corp's approver, signed in to their own corp.
    await t.services.console.demoAccounts.seedAccount('demo-gray', {
      ...GRAY,
      password: DEMO_CONSOLE.approver.password,
    });
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    wang = await consoleSignIn(t, DEMO_CONSOLE.approver);
    zhao = await consoleSignIn(t, DEMO_CONSOLE.approver2);
    auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    gray = await consoleSignIn(t, { ...GRAY, password: DEMO_CONSOLE.approver.password }, 'demo-gray');
  }, 120_000);
  afterAll(async () => t?.close());

  const list = async (c: ConsoleClient) => {
    const r = body<List>(await c.get('/console/notifications'));
    expect(r.code).toBe(0);
    return r.data;
  };
  const unreadOf = async (c: ConsoleClient) =>
    body<{ unread: number }>(await c.get('/console/notifications/count')).data.unread;
  const about = async (c: ConsoleClient, subject: string) =>
    (await list(c)).items.filter((n) => n.subject === subject).map((n) => `${n.kind}:${n.read ? 'read' : 'unread'}`);

  it('a submission waits for the approvers who did not make it; the maker hears of changes asked, then of the approval', async () => {
    const { rev } = await readyWheel(op, 'bell-wheel', t.clock.now, HOUR, (d) => {
      d.slot = 'bell-slot';
    });
    expect(body(await op.post('/console/campaigns/submit', { id: 'bell-wheel', rev })).code).toBe(0);
    const waiting = (await list(wang)).items.find((n) => n.subject === 'bell-wheel');
    expect(waiting).toMatchObject({ kind: 'approval_waiting', title: '春季大转盘', read: false, detail: null });
    expect(await about(zhao, 'bell-wheel')).toEqual(['approval_waiting:unread']);
    // The maker, the auditor, the admin and another corp are not asked to approve.
    for (const c of [op, auditor, admin, gray]) expect(await about(c, 'bell-wheel')).toEqual([]);

    const asked = await wang.post('/console/campaigns/review', {
      id: 'bell-wheel',
      rev,
      decision: 'request_changes',
      comment: '一等奖库存改为 5 份',
    });
    expect(body(asked).code).toBe(0);
    expect(await about(op, 'bell-wheel')).toEqual(['changes_requested:unread']);
    // Decided: it waits for no approver any more.
    expect(await about(wang, 'bell-wheel')).toEqual(['approval_waiting:read']);
    expect(await about(zhao, 'bell-wheel')).toEqual(['approval_waiting:read']);

    // A later round is listed first (the test clock stands still otherwise).
    t.clock.advance(1_000);
    const d = await detailOf(op, 'bell-wheel');
    const saved = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'bell-wheel', draft: d.draft, baseRev: d.rev }),
    );
    expect(body(await op.post('/console/campaigns/submit', { id: 'bell-wheel', rev: saved.data.rev })).code).toBe(0);
    expect(await about(wang, 'bell-wheel')).toEqual(['approval_waiting:unread', 'approval_waiting:read']);
    t.clock.advance(1_000);
    const approved = await zhao.post('/console/campaigns/review', {
      id: 'bell-wheel',
      rev: saved.data.rev,
      decision: 'approve',
      comment: '',
    });
    expect(body(approved).code).toBe(0);
    expect(await about(op, 'bell-wheel')).toEqual(['approved:unread', 'changes_requested:unread']);
    expect(await about(wang, 'bell-wheel')).toEqual(['approval_waiting:read', 'approval_waiting:read']);
    for (const c of [auditor, admin, gray]) expect(await about(c, 'bell-wheel')).toEqual([]);
  });

  it('an alert reaches every role that sees alerts in its corp, once; an export only whoever asked for it', async () => {
    const before = await Promise.all([op, wang, auditor, admin, gray].map(unreadOf));
    const alert = {
      corpId: 'demo',
      actId: null,
      kind: 'reconcile_diff' as const,
      key: 'bell:diff',
      message: '对账不平：中奖 3 ≠ 奖品出库 2',
    };
    expect(await t.services.alerts.raise(alert)).toBe(true);
    expect(await t.services.alerts.raise(alert)).toBe(false);
    const after = await Promise.all([op, wang, auditor, admin, gray].map(unreadOf));
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 1, 1, 0]);
    expect((await list(auditor)).items[0]).toMatchObject({
      kind: 'alert',
      title: alert.message,
      detail: 'reconcile_diff',
    });

    const started = body<{ jobId: string }>(
      await auditor.post('/console/exports/start', { kind: 'winners', format: 'csv' }),
    );
    expect(started.code).toBe(0);
    await t.services.reports.idle();
    const ready = (await list(auditor)).items.filter((n) => n.kind === 'export_ready');
    expect(ready).toEqual([expect.objectContaining({ subject: started.data.jobId, detail: 'winners', read: false })]);
    for (const c of [op, admin, wang]) expect((await list(c)).items.some((n) => n.kind === 'export_ready')).toBe(false);
  });

  it('mark read: mine only; 20 at once mark it once; another person or corp finds nothing', async () => {
    const mine = (await list(op)).items.find((n) => !n.read);
    if (!mine) throw new Error('the operator has unread notifications');
    const unread = await unreadOf(op);
    const wangBefore = await unreadOf(wang);

    // Someone else in the corp, and another corp's approver (in their corp, and naming this corp), cannot.
    expect((await wang.post('/console/notifications/read', { id: mine.id })).json()).toMatchObject({ code: 6801 });
    expect((await gray.post('/console/notifications/read', { id: mine.id })).json()).toMatchObject({ code: 6801 });
    const crossCorp = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/notifications/read?corpId=demo',
      headers: {
        host: 'localhost:8080',
        origin: 'http://localhost:8080',
        cookie: gray.cookie,
        'x-csrf-token': gray.csrf,
      },
      payload: { id: mine.id },
    });
    expect(crossCorp.statusCode).toBeGreaterThanOrEqual(400);
    expect(crossCorp.statusCode).toBeLessThan(500);
    expect(await unreadOf(op)).toBe(unread);
    expect((await list(gray)).items).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => op.post('/console/notifications/read', { id: mine.id })),
    );
    for (const a of answers) expect(a.json()).toMatchObject({ code: 0, data: { unread: unread - 1 } });
    const row = await t.database.db
      .selectFrom('notification')
      .selectAll()
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.read_at).not.toBeNull();
    expect(await unreadOf(op)).toBe(unread - 1);
    expect(await unreadOf(wang)).toBe(wangBefore);
    expect((await op.post('/console/notifications/read', { id: 'nope' })).json()).toMatchObject({ code: 6801 });
  });

  it('mark all read: 20 at once mark each of mine once, and nobody else’s', async () => {
    const mine = await unreadOf(op);
    expect(mine).toBeGreaterThan(0);
    const others = await Promise.all([wang, zhao, auditor, admin].map(unreadOf));
    const answers = await Promise.all(Array.from({ length: 20 }, () => op.post('/console/notifications/read-all', {})));
    const marked = answers.map((a) => body<{ marked: number; unread: number }>(a));
    for (const m of marked) expect(m).toMatchObject({ code: 0, data: { unread: 0 } });
    expect(marked.reduce((n, m) => n + m.data.marked, 0)).toBe(mine);
    expect(await unreadOf(op)).toBe(0);
    expect(await Promise.all([wang, zhao, auditor, admin].map(unreadOf))).toEqual(others);
  });
});
