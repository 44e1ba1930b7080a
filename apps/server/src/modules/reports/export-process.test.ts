import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleDatabase } from '../../platform/services';
import { freshDatabase, seedDemoInto, T0, type TestDb } from '../../testing/harness';
import { writeExportFile } from './export-file';
import { canExportApart, exportApart } from './export-process';

describe('an export in a process of its own', () => {
  let t: TestDb;
  const dir = mkdtempSync(join(tmpdir(), 'export-process-'));
  beforeAll(async () => {
    t = await freshDatabase('sqlite');
    await seedDemoInto(t.database, T0);
    // Three winners of a demo campaign, one with a mobile to mask.
    await sql`insert into app_user (id, corp_id, nuid, mobile, open_id, created_at, bank_linked_at)
              values ('u-exp', 'demo', 'n-exp', '13712345678', null, ${T0}, null)`.execute(t.database.db);
    for (const i of [1, 2, 3]) {
      await sql`insert into award (id, corp_id, act_id, draw_id, user_id, prize_id, kind, status, coupon_code, points, order_id, created_at, updated_at)
                values (${`a-exp-${i}`}, 'demo', 'wheel-spring', ${`d-exp-${i}`}, 'u-exp', 'cpn', 'coupon', 'issued', ${`C-EXP-000${i}`}, null, null, ${T0 + i}, ${T0 + i})`.execute(
        t.database.db,
      );
    }
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the same file the server would, and reports its rows, bytes and peak memory', async () => {
    const spec = {
      kind: 'winners' as const,
      scope: { corpId: 'demo', actId: 'wheel-spring' },
      format: 'csv' as const,
      unmasked: false,
      path: join(dir, 'apart.csv'),
      now: T0,
    };
    const heard: number[] = [];
    const apart = await exportApart(t.database, spec, (n) => heard.push(n));
    const here = await writeExportFile(moduleDatabase('reports', t.database).db, {
      ...spec,
      path: join(dir, 'here.csv'),
    });
    expect(apart.rows).toBe(3);
    expect(apart.rows).toBe(here.rows);
    expect(apart.bytes).toBe(here.bytes);
    const text = readFileSync(spec.path, 'utf8');
    expect(text).toBe(readFileSync(join(dir, 'here.csv'), 'utf8'));
    expect(text).toContain('137****5678');
    expect(text).not.toContain('13712345678');
    expect(heard.at(-1)).toBe(apart.rows);
    expect(apart.peakRssMb).toBeGreaterThan(20);
  });

  it('a failure ends the export process only: the promise rejects with the reason and this process goes on', async () => {
    const spec = {
      kind: 'winners' as const,
      scope: { corpId: 'demo', actId: null },
      format: 'csv' as const,
      unmasked: false,
      path: join(dir, 'no-such-folder', 'x.csv'),
      now: T0,
    };
    await expect(exportApart(t.database, spec, () => {})).rejects.toThrow(/ENOENT/);
    // The same for an XLSX, whose zip waits on the file too.
    await expect(
      exportApart(t.database, { ...spec, format: 'xlsx', path: join(dir, 'no-such-folder', 'x.xlsx') }, () => {}),
    ).rejects.toThrow(/ENOENT/);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('a database held in this process’s memory is exported here', () => {
    expect(canExportApart({ opened: { target: { kind: 'sqlite', path: ':memory:' } } })).toBe(false);
    expect(canExportApart(t.database)).toBe(true);
  });
});
