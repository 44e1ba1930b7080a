import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Owner, rawTables, tableOwners, views } from '../db/owners';

// The source half of table ownership (db/owners.test.ts runs it): what the compiler cannot see. A module's
// Kysely names only its own tables and its views (db/owners.ts), but SQL text, a raw connection or a
// scope named by a variable would get past that; these rules refuse them. Tested on the bypasses in
// testing/fixtures/ownership/, which must each be refused.

/** The server's src folder: import specifiers are resolved against it (relative and `#server/…` alike). */
export const SRC = fileURLToPath(new URL('../', import.meta.url));

export interface Source {
  /** Path from src/, with forward slashes (`modules/prizes/repo.ts`). */
  file: string;
  text: string;
}

/** Every production source under `dir`, subfolders included (no tests). */
export function sourcesUnder(dir: string): Source[] {
  const out: Source[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      out.push({ file: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') });
  }
  return out;
}

interface Import {
  /** The imported file, from src/ without extension (`db/owners`, `db/index` for `db`), or the package. */
  target: string;
  names: string[];
}

/** The file an import specifier names, from src/ (`../../db` → `db/index`), or the package name. */
function resolveImport(file: string, spec: string): string {
  let path: string;
  if (spec.startsWith('#server/')) path = spec.slice('#server/'.length);
  else if (spec.startsWith('.')) path = posix.normalize(posix.join(posix.dirname(file), spec));
  else return spec;
  path = path.replace(/\.(ts|js)$/, '');
  return path === 'db' ? 'db/index' : path;
}

function importsOf(src: Source): Import[] {
  const out: Import[] = [];
  for (const m of src.text.matchAll(/\bimport\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)) {
    const names = [...(m[2] ?? '').matchAll(/\b(?:type\s+)?(\w+)(?:\s+as\s+\w+)?/g)].map((n) => n[1] as string);
    out.push({ target: resolveImport(src.file, m[3] as string), names });
  }
  for (const m of src.text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g))
    out.push({ target: resolveImport(src.file, m[1] as string), names: ['*'] });
  return out;
}

/**
 * The SQL text a source hands the database: the static parts of every `sql` template (fragments inside
 * `${…}` are templates of their own), and the string given to `sql.raw`. `${…}` reads as `?`.
 */
export function sqlTexts(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bsql\s*(?:<(?:[^<>`]|<(?:[^<>`]|<[^<>`]*>)*>)*>)?\s*`/g)) {
    out.push(templateText(text, (m.index ?? 0) + m[0].length));
  }
  for (const m of text.matchAll(/\bsql\.raw\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)) out.push(m[2] as string);
  return out;
}

/** The static text of the template whose body starts at `i` (after its backtick). */
function templateText(text: string, i: number): string {
  let out = '';
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (text[i] === '$' && text[i + 1] === '{') {
      const end = skipExpression(text, i + 2);
      // A fragment written in place (`${sql`prize p`}`) reads as part of the text around it.
      const fragment = /^\s*sql\s*`([^`$]*)`\s*$/.exec(text.slice(i + 2, end - 1));
      out += fragment ? ` ${fragment[1]} ` : ' ? ';
      i = end;
    } else out += text[i++];
  }
  return out;
}

/** The index after the `}` that closes the `${` expression starting at `i` (nested braces and templates). */
function skipExpression(text: string, i: number): number {
  let depth = 1;
  while (i < text.length && depth > 0) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '`') {
      i = skipTemplate(text, i + 1);
      continue;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end;
    }
    i++;
  }
  return i;
}

function skipTemplate(text: string, i: number): number {
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '$' && text[i + 1] === '{') i = skipExpression(text, i + 2);
    else i++;
  }
  return i + 1;
}

/** The tables a piece of SQL text names after from, join, into, update or table (quoted or not). */
export function tablesIn(sqlText: string): string[] {
  const text = sqlText.replace(/--[^\n]*/g, ' ');
  return [...text.matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
}

/** Who owns a table by its name (tables of the schema and raw ones), or undefined for any other name. */
function ownerOfTable(name: string): Owner | undefined {
  if (name in tableOwners) return tableOwners[name as keyof typeof tableOwners];
  if (name in rawTables) return rawTables[name as keyof typeof rawTables].owner;
  return undefined;
}

/** Whether `me` may read `table`: it owns it, or its owner declares a view of it for `me`. */
function mayRead(me: string, table: string): boolean {
  const owner = ownerOfTable(table);
  if (owner === undefined || owner === me) return true;
  const view = views[table as keyof typeof views] as { readers: readonly string[] } | undefined;
  return view?.readers.includes(me) ?? false;
}

const DB_TYPES = /^(Executor|Db|Database_|AnyExecutor|SqliteConnection|Engine|OpenOptions)$/;
/** Files that may open the database themselves, with the reason. */
const OPENS_THE_DATABASE: Record<string, string> = {
  'modules/reports/export-child.ts': 'the export process opens the database the server gave it, then scopes it',
};

/**
 * What is wrong with one module source, speaking for owner `me` (a module folder's name, `platform` for
 * the platform's files): one line per offence.
 */
export function offences(me: string, source: Source, opts: { platform?: boolean } = {}): string[] {
  const out: string[] = [];
  const src = { ...source, text: withoutComments(source.text) };
  const where = src.file;
  const imports = importsOf(src);
  const imported = (target: string, name: RegExp) =>
    imports.some((i) => i.target === target && i.names.some((n) => name.test(n)));
  if (!opts.platform) {
    // The unscoped handles: the whole schema's Kysely, the database, the unscoped prepared(), the drivers.
    if (['db/index', 'db/connection', 'db/database'].some((f) => imported(f, DB_TYPES)))
      out.push(`${where} imports an unscoped database type`);
    if (imported('db/schema', /^DB$/)) out.push(`${where} imports DB`);
    if (imported('db/prepared', /^prepared$/)) out.push(`${where} imports the unscoped prepared()`);
    if (imported('db/tx', /^engineOf$/)) out.push(`${where} imports engineOf`);
    if (imported('db/index', /^openDatabase$/) && !OPENS_THE_DATABASE[where])
      out.push(`${where} opens the database itself`);
    for (const pkg of ['pg', 'better-sqlite3', 'pg-pool'])
      if (imports.some((i) => i.target === pkg)) out.push(`${where} imports the driver ${pkg}`);
    // A raw connection reached some other way (a cast, a handle that is not the module's): the SQLite
    // connection may only be passed on, as a transaction body's opaque SqliteTx (`q.all(x.sqlite, …)`).
    if (/\.sqlite\b(?!\s*[,)])/.test(src.text)) out.push(`${where} reaches the raw SQLite connection`);
    if (/\.(pgPool|groupCommit|pgGroupCommit)\b/.test(src.text)) out.push(`${where} reaches the raw pg pool`);
  }
  if (/\bCompiledQuery\b|\.getExecutor\(/.test(src.text)) out.push(`${where} runs SQL past the builder`);
  // Scoping names its owner, as a literal, and only its own.
  const scopes = ['own', 'preparedFor', 'depsOf', 'moduleDatabase'].filter(
    (f) =>
      imported('db/owners', new RegExp(`^${f}$`)) ||
      imported('db/prepared', new RegExp(`^${f}$`)) ||
      imported('platform/services', new RegExp(`^${f}$`)),
  );
  for (const f of scopes) {
    for (const m of src.text.matchAll(new RegExp(`\\b${f}\\(\\s*([^,)]*)`, 'g'))) {
      const arg = (m[1] as string).trim();
      const literal = /^'([\w-]+)'$/.exec(arg);
      if (!literal) out.push(`${where} calls ${f}() with ${arg || 'no'} owner, not a literal`);
      else if (!opts.platform && literal[1] !== me) out.push(`${where} scopes to ${literal[1]}`);
    }
  }
  if (!opts.platform)
    for (const m of src.text.matchAll(/\b(?:Own|TablesOf|ServiceDeps|ModuleDatabase)<\s*([^>]*)>/g)) {
      const literal = /^'([\w-]+)'$/.exec((m[1] as string).trim());
      if (literal && literal[1] !== me) out.push(`${where} scopes to ${literal[1]}`);
    }
  // Views are read-only: no insert, update or delete into a table this module does not own.
  for (const m of src.text.matchAll(/\b(?:insertInto|deleteFrom|updateTable|mergeInto)\('(\w+)/g)) {
    const table = m[1] as string;
    if (ownerOfTable(table) !== me) out.push(`${where} writes ${table}`);
  }
  // SQL text: another owner's table only where a view of it is declared for this module, and never written.
  for (const text of sqlTexts(src.text)) {
    for (const table of tablesIn(text)) {
      if (!mayRead(me, table)) out.push(`${where} names ${table} (${ownerOfTable(table)}'s) in SQL text`);
    }
    for (const m of text.matchAll(/\b(?:into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/gi)) {
      const table = (m[1] as string).toLowerCase();
      const owner = ownerOfTable(table);
      if (owner !== undefined && owner !== me) out.push(`${where} writes ${table} in SQL text`);
    }
  }
  return out;
}

/** The text without its comments (whole-line and block ones): prose may name anything. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, '');
}

/** The owner a module folder speaks for (the `corp` contract group's module reads platform's tenancy). */
export const ownerOfDir = (dir: string) => (dir === 'corp' ? 'platform' : dir);

/** Every offence in the modules under `modulesDir` (one folder per module, subfolders included). */
export function moduleOffences(modulesDir: string): string[] {
  const out: string[] = [];
  for (const dir of readdirSync(modulesDir)) {
    if (!statSync(join(modulesDir, dir)).isDirectory()) continue;
    for (const src of sourcesUnder(join(modulesDir, dir))) out.push(...offences(ownerOfDir(dir), src));
  }
  return out;
}

export const MODULES = join(SRC, 'modules');
export const PLATFORM = join(SRC, 'platform');
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ownership');
