import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAuditHeads } from '../../background';
import { auditCommand } from '../../cli/console-commands';
import { loadConfig, testConfig } from '../../config';
import { dropAuditGuards } from '../../db/migrations/0022-audit-append-only';
import { handOver } from '../../db/owners';
import { dialects, startTestApp, type TestApp } from '../../testing/harness';
import { entryHash } from './chain';
import { HEADS_FILE, publishedHeadSchema, signHead } from './publish';

const kinds = await dialects();
const KEY = 'k'.repeat(40);

describe('the publication settings', () => {
  it('a directory needs a signing key of at least 32 characters', () => {
    expect(() => loadConfig({ AUDIT_HEAD_DIR: '/var/audit' })).toThrow(/AUDIT_HEAD_KEY/);
    expect(() => loadConfig({ AUDIT_HEAD_DIR: '/var/audit', AUDIT_HEAD_KEY: 'short' })).toThrow(/AUDIT_HEAD_KEY/);
    expect(loadConfig({ AUDIT_HEAD_DIR: '/var/audit', AUDIT_HEAD_KEY: KEY }).auditHeads).toEqual({
      dir: '/var/audit',
      key: KEY,
      everyMs: 15 * 60_000,
    });
    expect(loadConfig({}).auditHeads.dir).toBeNull();
  });
});

describe.each(kinds)('audit heads published outside the database, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-heads-'));
    t = await startTestApp(kind, {
      config: testConfig({ auditHeads: { dir, key: KEY, everyMs: 60_000 } }),
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = (corpId: string, n: number) =>
    t.database.db.transaction().execute((tx) =>
      t.services.audit.append(handOver(tx), {
        corpId,
        at: t.clock.now,
        actor: null,
        ip: null,
        action: 'test.publish',
        subject: null,
        after: { n },
      }),
    );
  const lines = () =>
    readFileSync(join(dir, HEADS_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => publishedHeadSchema.parse(JSON.parse(l)));

  it('appends one signed line per corp whose head moved, and none when nothing moved', async () => {
    for (let i = 1; i <= 5; i++) {
      await append('pub-cut', i);
      await append('pub-rw', i);
    }
    const sealed = t.services.base.sealer.seal('pub-rw', 'a-webhook-secret-1234');
    await t.database.db
      .insertInto('alert_webhook')
      .values({
        corp_id: 'pub-rw',
        url: 'https://hooks.invalid/x',
        secret_sealed: sealed,
        updated_at: 0,
        updated_by: 'x',
      })
      .execute();
    const published = await publishAuditHeads(t.services);
    expect(published.map((h) => [h.corp, h.seq]).sort()).toEqual(
      expect.arrayContaining([
        ['pub-cut', 5],
        ['pub-rw', 5],
      ]),
    );
    const written = lines();
    expect(written).toHaveLength(published.length);
    for (const h of written) {
      expect(h.time).toBe(t.clock.now);
      expect(h.sig).toBe(signHead(KEY, h));
    }
    expect(await publishAuditHeads(t.services)).toEqual([]);
    expect(lines()).toHaveLength(written.length);
    // The corp with a webhook gets the head as an alert (posted by the delivery loop); the other does not.
    const alerts = await t.database.db
      .selectFrom('alert')
      .select(['corp_id', 'message'])
      .where('kind', '=', 'audit_head')
      .execute();
    expect(alerts).toEqual([{ corp_id: 'pub-rw', message: expect.stringContaining('#5') }]);
    expect(await t.services.audit.verify('pub-cut')).toMatchObject({
      ok: true,
      published: { seq: 5, at: t.clock.now },
    });
  });

  it('a cut tail with the head moved back (triggers dropped) passes the chain alone, and is named against the publication', async () => {
    await dropAuditGuards(t.database.db);
    const db = t.database.db;
    const four = await db
      .selectFrom('audit_log')
      .select('hash')
      .where('corp_id', '=', 'pub-cut')
      .where('seq', '=', 4)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('audit_log').where('corp_id', '=', 'pub-cut').where('seq', '=', 5).execute();
    await db.updateTable('audit_head').set({ seq: 4, hash: four.hash }).where('corp_id', '=', 'pub-cut').execute();
    // Without the publications (the file moved away) the chain and its head agree: nothing to see.
    renameSync(join(dir, HEADS_FILE), join(dir, 'aside'));
    expect(await t.services.audit.verify('pub-cut')).toMatchObject({ ok: true, checked: 4, published: null });
    renameSync(join(dir, 'aside'), join(dir, HEADS_FILE));
    expect(await t.services.audit.verify('pub-cut')).toMatchObject({
      ok: false,
      checked: 4,
      firstBad: { seq: 5, reason: 'cut' },
    });
    // A line nobody signed with the key (written by someone who can write the directory) is not believed.
    appendFileSync(
      join(dir, HEADS_FILE),
      `${JSON.stringify({ corp: 'pub-cut', seq: 4, hash: four.hash, time: t.clock.now, sig: '00'.repeat(32) })}\n`,
    );
    expect((await t.services.audit.verify('pub-cut')).firstBad).toEqual({ seq: 5, reason: 'cut' });
  });

  it('a chain recomputed from an entry on (every hash and the head) is named as rewritten; the CLI exits 1', async () => {
    const db = t.database.db;
    const rows = await db.selectFrom('audit_log').selectAll().where('corp_id', '=', 'pub-rw').orderBy('seq').execute();
    let prev = rows[0]?.hash ?? '';
    for (const r of rows.slice(1)) {
      const ip = r.seq === 2 ? '6.6.6.6' : r.ip;
      const hash = entryHash({
        corpId: r.corp_id,
        seq: Number(r.seq),
        at: Number(r.at),
        actor: null,
        ip,
        action: r.action,
        subject: r.subject,
        before: r.before === null ? null : JSON.parse(r.before),
        after: r.after === null ? null : JSON.parse(r.after),
        prevHash: prev,
      });
      await sql`update audit_log set ip = ${ip}, prev_hash = ${prev}, hash = ${hash} where corp_id = 'pub-rw' and seq = ${r.seq}`.execute(
        db,
      );
      prev = hash;
    }
    await db.updateTable('audit_head').set({ hash: prev }).where('corp_id', '=', 'pub-rw').execute();
    expect(await t.services.audit.verify('pub-rw')).toMatchObject({
      ok: false,
      firstBad: { seq: 5, reason: 'rewritten' },
    });
    const out: string[] = [];
    const log = console.log;
    console.log = (...a: unknown[]) => out.push(a.join(' '));
    try {
      expect(await auditCommand(t.services, ['verify', 'pub-rw'], () => 2)).toBe(1);
    } finally {
      console.log = log;
    }
    expect(out.join('\n')).toContain('BROKEN at entry #5 (rewritten)');
  });
});
