import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDb } from '../testing/harness';
import {
  FIXTURES,
  MODULES,
  moduleOffences,
  offences,
  ownerOfDir,
  PLATFORM,
  sourcesUnder,
  sqlTexts,
  tablesIn,
} from '../testing/ownership';
import { OWNERS, type Own, own, type PortTx, rawTables, tableOwners, views } from './owners';
import { TABLES_DOC, tablesDoc } from './tables-doc';

const moduleDirs = readdirSync(MODULES).filter((d) => statSync(join(MODULES, d)).isDirectory());

// Compile-time half of the rule: these lines must NOT compile (tsc -b fails on an unused @ts-expect-error).
export function namingAnotherModulesTableDoesNotCompile(db: Own<'growth'>, prizes: Own<'prizes'>) {
  // @ts-expect-error session belongs to platform, not growth
  void db.selectFrom('session');
  // @ts-expect-error prizes may read app_user's declared view, never its link column
  void prizes.selectFrom('app_user').select('bank_linked_at');
  // @ts-expect-error a view is read-only: its columns cannot be set
  void prizes.updateTable('app_user').set({ mobile: 'x' });
  void db.selectFrom('award').select('award.status'); // growth reads award's declared view
}
export function ownTakesALiteralOwner(tx: PortTx, someone: (typeof OWNERS)[number]) {
  // @ts-expect-error a variable typed as any owner would see every table
  void own(someone, tx);
  void own('growth', tx);
}

describe('table ownership (db/owners.ts)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('sqlite');
  });
  afterAll(async () => t?.drop());

  it('every table and view the migrations make has exactly one owner (rate_limit: SQLite keeps it in a file of its own), and every owner is a module or platform', async () => {
    const r = await sql<{ name: string }>`select name from sqlite_master where type in ('table', 'view')`.execute(
      t.database.db,
    );
    const made = r.rows
      .map((x) => x.name)
      .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !(n in rawTables))
      .sort();
    expect(made).toEqual(Object.keys(tableOwners).sort());
    const known = new Set<string>([...moduleDirs.map(ownerOfDir), 'platform']);
    expect(OWNERS.filter((o) => !known.has(o))).toEqual([]);
  });

  it('a view names only columns of its table, and no module is declared to read its own table', () => {
    for (const [table, v] of Object.entries(views)) {
      expect(v.readers).not.toContain(tableOwners[table as keyof typeof tableOwners]);
    }
  });

  it('modules reach the database only through their own scoped handles, in SQL text too (testing/ownership.ts)', () => {
    expect(moduleOffences(MODULES)).toEqual([]);
  });

  it('platform writes only the tables it owns, and names a literal owner', () => {
    expect(sourcesUnder(PLATFORM).flatMap((src) => offences('platform', src, { platform: true }))).toEqual([]);
  });

  it('refuses each of the four bypasses (testing/fixtures/ownership), and lets the control through', () => {
    const fixtures = new Map(sourcesUnder(join(FIXTURES, 'coupons')).map((s) => [s.file.split('coupons/')[1], s]));
    const check = (name: string) => {
      const src = fixtures.get(name);
      if (!src) throw new Error(`no fixture ${name}`);
      return offences(ownerOfDir('coupons'), src).map((o) => o.slice(o.indexOf(' ') + 1));
    };
    expect(check('sql-template.ts')).toEqual(["names session (platform's) in SQL text", 'writes session in SQL text']);
    expect(check('sqlite-connection.ts')).toEqual(['reaches the raw SQLite connection']);
    expect(check('deep/pg-pool.ts')).toEqual(['reaches the raw pg pool']);
    expect(check('variable-owner.ts')).toEqual(["calls own() with owner as 'coupons' owner, not a literal"]);
    expect(check('allowed.ts')).toEqual([]);
    expect(fixtures.size).toBe(5);
  });

  it('reads SQL text out of templates, nested fragments and sql.raw', () => {
    const text = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const a = sql<{ n: number }>`select n from award_line a join ${sql`prize p`} on 1 = 1`;',
      `const b = sql.raw('update "session" set x = 1');`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const c = sql`insert into ${table} (x) select x from draw`;',
    ].join('\n');
    const texts = sqlTexts(text);
    expect(texts.flatMap(tablesIn).sort()).toEqual(['award_line', 'draw', 'prize', 'session']);
  });

  it('docs/tables.md is generated from owners.ts and current (npm run tables:doc)', () => {
    expect(readFileSync(TABLES_DOC, 'utf8')).toBe(tablesDoc());
  });
});
