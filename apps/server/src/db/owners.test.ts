import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDb } from '../testing/harness';
import { OWNERS, type Own, rawTables, tableOwners, views } from './owners';
import { TABLES_DOC, tablesDoc } from './tables-doc';

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));
const PLATFORM = fileURLToPath(new URL('../platform/', import.meta.url));

/** The owner a module folder speaks for (the `corp` contract group's module reads platform's tenancy). */
const ownerOf = (dir: string) => (dir === 'corp' ? 'platform' : dir);

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}
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

describe('table ownership (db/owners.ts)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('sqlite');
  });
  afterAll(async () => t?.drop());

  it('every table the migrations make has exactly one owner (rate_limit: SQLite keeps it in a file of its own), and every owner is a module or platform', async () => {
    const r = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.database.db);
    const made = r.rows
      .map((x) => x.name)
      .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !(n in rawTables))
      .sort();
    expect(made).toEqual(Object.keys(tableOwners).sort());
    const known = new Set<string>([...moduleDirs.map(ownerOf), 'platform']);
    expect(OWNERS.filter((o) => !known.has(o))).toEqual([]);
  });

  it('a view names only columns of its table, and no module is declared to read its own table', () => {
    for (const [table, v] of Object.entries(views)) {
      expect(v.readers).not.toContain(tableOwners[table as keyof typeof tableOwners]);
    }
  });

  it('modules reach the database only through their own scoped handles', () => {
    const offences: string[] = [];
    for (const dir of moduleDirs) {
      const me = ownerOf(dir);
      for (const { file, text } of sources(join(MODULES, dir))) {
        const where = `${dir}/${file.split('/').pop()}`;
        // The unscoped handles: the whole schema's Kysely, the database, the unscoped prepared().
        if (/import[^;]*\b(Executor|Db|Database_|AnyExecutor)\b[^;]*from '[./]+\/db(\/index|\/connection)?'/.test(text))
          offences.push(`${where} imports an unscoped database type`);
        if (/import[^;]*\bDB\b[^;]*from '[./]+\/db\/schema'/.test(text)) offences.push(`${where} imports DB`);
        if (/import[^;]*\bprepared\b[^;]*from '[./]+\/db\/prepared'/.test(text))
          offences.push(`${where} imports the unscoped prepared()`);
        // Scoping names its module: only its own.
        for (const m of text.matchAll(
          /\b(?:own|preparedFor|depsOf|moduleDatabase)\('(\w+)'|\b(?:Own|TablesOf|ServiceDeps)<'(\w+)'>/g,
        )) {
          const named = m[1] ?? m[2];
          if (named !== me) offences.push(`${where} scopes to ${named}`);
        }
        // Views are read-only: no insert or delete into a table this module does not own.
        for (const m of text.matchAll(/\b(?:insertInto|deleteFrom|updateTable|mergeInto)\('(\w+)/g)) {
          const table = m[1] as keyof typeof tableOwners;
          if (tableOwners[table] !== me) offences.push(`${where} writes ${table}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('platform writes only the tables it owns', () => {
    const offences: string[] = [];
    for (const { file, text } of sources(PLATFORM)) {
      for (const m of text.matchAll(/\b(?:insertInto|deleteFrom|updateTable)\('(\w+)/g)) {
        const table = m[1] as keyof typeof tableOwners;
        if (tableOwners[table] !== 'platform') offences.push(`${file} writes ${table}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('docs/tables.md is generated from owners.ts and current (npm run tables:doc)', () => {
    expect(readFileSync(TABLES_DOC, 'utf8')).toBe(tablesDoc());
  });
});
