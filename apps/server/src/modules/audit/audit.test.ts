import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCommand } from '../../cli/console-commands';
import { dropAuditGuards } from '../../db/migrations/0022-audit-append-only';
import { handOver } from '../../db/owners';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';
import { canonicalJson, entryHash, GENESIS } from './chain';

const kinds = await dialects();

describe('the chain, pure', () => {
  it('canonical JSON sorts keys at every level and drops nothing but undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
  });
  it('the hash covers every field and the previous hash', () => {
    const e = {
      corpId: 'c',
      seq: 1,
      at: 5,
      actor: null,
      ip: null,
      action: 'a',
      subject: null,
      before: null,
      after: { x: 1 },
      prevHash: GENESIS,
    };
    const h = entryHash(e);
    for (const change of [
      { seq: 2 },
      { at: 6 },
      { action: 'b' },
      { after: { x: 2 } },
      { prevHash: '1'.repeat(64) },
      { ip: '1.2.3.4' },
    ]) {
      expect(entryHash({ ...e, ...change })).not.toBe(h);
    }
  });
});

describe.each(kinds)('the audit log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  });
  afterAll(async () => t?.close());

  const verify = async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    return body<{
      ok: boolean;
      checked: number;
      firstBad: { seq: number; reason: string } | null;
      head: { seq: number } | null;
    }>(await a.get('/console/audit/verify')).data;
  };
  const append = (corpId: string, action: string) =>
    t.database.db.transaction().execute((tx) =>
      t.services.audit.append(handOver(tx), {
        corpId,
        at: t.clock.now,
        actor: null,
        ip: null,
        action,
        subject: null,
        after: { n: 1 },
      }),
    );

  it('a settings change and its entry commit together: who, when, from where, what, before → after', async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const res = await a.post('/console/settings/approval-policy', {
      required: 1,
      above: { budgetCents: 5_000_000, required: 2 },
    });
    expect(body(res)).toMatchObject({ code: 0 });
    const list = body<{
      items: { action: string; at: number; ip: string; actor: unknown; before: unknown; after: unknown }[];
    }>(await a.get('/console/audit?action=settings.approval-policy')).data.items;
    expect(list[0]).toMatchObject({
      at: t.clock.now,
      ip: '10.99.0.1',
      actor: { id: 'admin-zhou', name: '周管理员', roles: ['admin'] },
      before: { required: 1, above: null },
      after: { required: 1, above: { budgetCents: 5_000_000, required: 2 } },
    });
  });

  it('an entry appended in a transaction that rolls back is not there, and the chain still holds', async () => {
    const before = (await verify()).head?.seq ?? 0;
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await t.services.audit.append(handOver(tx), {
          corpId: 'demo',
          at: t.clock.now,
          actor: null,
          ip: null,
          action: 'x.rolled-back',
          subject: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await verify();
    expect(after.ok).toBe(true);
    // One more: the verifier's own sign-in; none for the rolled-back change.
    expect(after.head?.seq).toBe(before + 1);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select('seq')
      .where('action', '=', 'x.rolled-back')
      .execute();
    expect(rows).toEqual([]);
  });

  it('20 appends at once in one corp take 20 consecutive numbers (serialised per corp), another corp has its own chain', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => append(i % 4 === 0 ? 'demo-gray' : 'demo', 'test.parallel')),
    );
    expect((await t.services.audit.verify('demo')).ok).toBe(true);
    const gray = await t.services.audit.verify('demo-gray');
    expect(gray).toMatchObject({ ok: true, checked: 5, head: { seq: 5 } });
  });

  it('filters and pages on the server, newest first', async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const page1 = body<{ total: number; items: { seq: number }[]; actions: string[] }>(
      await a.get('/console/audit?action=test.parallel&page=1&pageSize=5'),
    ).data;
    expect(page1.total).toBe(15);
    expect(page1.items).toHaveLength(5);
    expect(page1.items[0]?.seq).toBeGreaterThan(page1.items[4]?.seq ?? 0);
    expect(page1.actions).toEqual(
      expect.arrayContaining(['console.sign-in', 'settings.approval-policy', 'test.parallel']),
    );
    const page3 = body<{ items: { seq: number }[] }>(
      await a.get('/console/audit?action=test.parallel&page=3&pageSize=5'),
    ).data;
    expect(page3.items.at(-1)?.seq).toBeLessThan(page1.items.at(-1)?.seq ?? 0);
    const byActor = body<{ items: { actor: { id: string } }[] }>(await a.get('/console/audit?actor=admin-zhou')).data;
    expect(byActor.items.every((e) => e.actor.id === 'admin-zhou')).toBe(true);
    const future = body<{ total: number }>(await a.get(`/console/audit?from=${t.clock.now + 1}`)).data;
    expect(future.total).toBe(0);
  });

  it('each entry names its subject: a staff member, a campaign, a store, the corp; an unknown id stays an id', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const campaign = body<{ id: string }>(
      await op.post('/console/campaigns/create', { kind: 'wheel', title: '审计对象转盘' }),
    ).data.id;
    const store = await t.database.db
      .selectFrom('store')
      .select(['id', 'name'])
      .where('corp_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    for (const subject of ['admin-zhou', campaign, store.id, 'demo', 'no-such-thing']) {
      await t.database.db.transaction().execute((tx) =>
        t.services.audit.append(handOver(tx), {
          corpId: 'demo',
          at: t.clock.now,
          actor: null,
          ip: null,
          action: 'test.subject',
          subject,
          after: { n: 1 },
        }),
      );
    }
    const a = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const items = body<{ items: { subject: string; subjectName: string | null }[] }>(
      await a.get('/console/audit?action=test.subject'),
    ).data.items;
    expect(new Map(items.map((e) => [e.subject, e.subjectName]))).toEqual(
      new Map([
        ['admin-zhou', '周管理员'],
        [campaign, '审计对象转盘'],
        [store.id, store.name],
        ['demo', '招财生活银行（演示）'],
        ['no-such-thing', null],
      ]),
    );
  });

  it('exports CSV (BOM, Chinese header, formulas neutralised), and the export is itself audited', async () => {
    await append('demo', '=cmd|calc');
    const a = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const res = await a.get('/console/audit/export?action=console.sign-in');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(res.body.startsWith('\uFEFF序号,时间,操作人编号')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.slice(1).every((l) => l.includes('console.sign-in'))).toBe(true);
    const all = await a.get('/console/audit/export');
    expect(all.body).toContain("'=cmd|calc");
    const exported = body<{ items: { actor: { id: string }; after: unknown }[] }>(
      await a.get('/console/audit?action=audit.export'),
    ).data.items;
    expect(exported[0]).toMatchObject({ actor: { id: 'auditor-sun' } });
    // An operator may not read the log at all.
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    expect((await op.get('/console/audit/export')).statusCode).toBe(403);
  });

  it('nobody writes the log through the API: there is no endpoint that adds, changes or deletes an entry', async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.admin);
    for (const path of ['/console/audit', '/console/audit/1', '/console/audit/append']) {
      expect((await a.post(path, { action: 'forged' })).statusCode).toBe(404);
    }
  });

  it('a row edited directly in the database fails verify, naming it; so do a removed entry, a reordering and a cut tail', async () => {
    expect((await verify()).ok).toBe(true);
    const db = t.database.db;
    // The database refuses all of this (append-only.test.ts): an attacker with DDL rights drops the guards first.
    await dropAuditGuards(db);
    const count = (await t.services.audit.verify('demo')).checked;
    const victim = 3;
    // Changed: someone rewrites what an entry says.
    await db
      .updateTable('audit_log')
      .set({ ip: '6.6.6.6' })
      .where('corp_id', '=', 'demo')
      .where('seq', '=', victim)
      .execute();
    const changed = await verify();
    expect(changed).toMatchObject({ ok: false, firstBad: { seq: victim, reason: 'changed' } });
    const cli = await captured(() => auditCommand(t.services, ['verify', 'demo'], () => 2));
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`BROKEN at entry #${victim} (changed)`);
    // The other kinds of damage, each on a sound chain of its own.
    for (let i = 0; i < 5; i++) await append('demo-branch', 'test.damage');
    expect((await t.services.audit.verify('demo-branch')).ok).toBe(true);
    // Removed.
    await db.deleteFrom('audit_log').where('corp_id', '=', 'demo-branch').where('seq', '=', 2).execute();
    expect(await t.services.audit.verify('demo-branch')).toMatchObject({
      ok: false,
      firstBad: { seq: 2, reason: 'missing' },
    });
    // Reordered: entries 3 and 4 swap places (their numbers swapped, hashes kept).
    await sql`update audit_log set seq = case seq when 3 then 99 else seq end where corp_id = 'demo-branch'`.execute(
      db,
    );
    await sql`update audit_log set seq = 3 where corp_id = 'demo-branch' and seq = 4`.execute(db);
    await sql`update audit_log set seq = 4 where corp_id = 'demo-branch' and seq = 99`.execute(db);
    await sql`update audit_log set seq = 2 where corp_id = 'demo-branch' and seq = 3`.execute(db);
    const reordered = await t.services.audit.verify('demo-branch');
    expect(reordered.ok).toBe(false);
    expect(reordered.firstBad?.seq).toBe(2);
    // Cut: the newest entry of a sound chain removed.
    for (let i = 0; i < 3; i++) await append('demo-cut', 'test.cut');
    await db.deleteFrom('audit_log').where('corp_id', '=', 'demo-cut').where('seq', '=', 3).execute();
    expect(await t.services.audit.verify('demo-cut')).toMatchObject({ ok: false, firstBad: { seq: 3, reason: 'cut' } });
    expect(count).toBeGreaterThan(victim);
  });
});

async function captured(fn: () => Promise<number>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => lines.push(a.join(' '));
  try {
    return { code: await fn(), out: lines.join('\n') };
  } finally {
    console.log = log;
  }
}
