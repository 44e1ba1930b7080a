import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handOver } from '../../db/owners';
import { dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('the audit tables refuse changes in the database itself, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const append = (corpId: string, n: number) =>
    t.database.db.transaction().execute((tx) =>
      t.services.audit.append(handOver(tx), {
        corpId,
        at: t.clock.now,
        actor: null,
        ip: null,
        action: 'test.append-only',
        subject: null,
        after: { n },
      }),
    );
  const headOf = (corpId: string) =>
    t.database.db.selectFrom('audit_head').selectAll().where('corp_id', '=', corpId).executeTakeFirstOrThrow();

  it('appends still work, 20 audited actions at once, each the next link', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => append('guard', i)));
    expect(await t.services.audit.verify('guard')).toMatchObject({ ok: true, checked: 20, head: { seq: 20 } });
    expect(Number((await headOf('guard')).seq)).toBe(20);
  });

  it('a raw UPDATE or DELETE of an entry fails, and the entry is as it was', async () => {
    const db = t.database.db;
    const refused = /append-only/;
    await expect(
      sql`update audit_log set ip = '6.6.6.6' where corp_id = 'guard' and seq = 3`.execute(db),
    ).rejects.toThrow(refused);
    await expect(
      sql`update audit_log set hash = prev_hash where corp_id = 'guard' and seq = 20`.execute(db),
    ).rejects.toThrow(refused);
    await expect(sql`delete from audit_log where corp_id = 'guard' and seq = 20`.execute(db)).rejects.toThrow(refused);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(refused);
    if (kind === 'postgres') await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(refused);
    expect(await t.services.audit.verify('guard')).toMatchObject({ ok: true, checked: 20 });
  });

  it('the head moves only forward onto the newest entry: not back over a cut, not deleted, not onto a forgery', async () => {
    const db = t.database.db;
    const refused = /append-only/;
    const h = await headOf('guard');
    await expect(
      sql`update audit_head set seq = 19, hash = (select hash from audit_log where corp_id = 'guard' and seq = 19) where corp_id = 'guard'`.execute(
        db,
      ),
    ).rejects.toThrow(refused);
    await expect(
      sql`update audit_head set hash = ${'f'.repeat(64)} where corp_id = 'guard'`.execute(db),
    ).rejects.toThrow(refused);
    await expect(sql`delete from audit_head where corp_id = 'guard'`.execute(db)).rejects.toThrow(refused);
    // An entry that is not the next link (a gap, or a previous hash that is not the head's) is refused too.
    const forged = {
      corp_id: 'guard',
      at: t.clock.now,
      actor_id: null,
      actor_name: null,
      actor_roles: null,
      ip: null,
      action: 'forged',
      subject: null,
      before: null,
      after: null,
      hash: 'a'.repeat(64),
    };
    await expect(
      db
        .insertInto('audit_log')
        .values({ ...forged, seq: 25, prev_hash: h.hash })
        .execute(),
    ).rejects.toThrow(refused);
    await expect(
      db
        .insertInto('audit_log')
        .values({ ...forged, seq: 21, prev_hash: 'b'.repeat(64) })
        .execute(),
    ).rejects.toThrow(refused);
    expect(await headOf('guard')).toEqual(h);
    await append('guard', 21);
    expect(await t.services.audit.verify('guard')).toMatchObject({ ok: true, checked: 21, head: { seq: 21 } });
  });
});
