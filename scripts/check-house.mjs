#!/usr/bin/env node
/**
 * House rules the compiler and dependency-cruiser do not check (docs/architecture.md, Conventions), run by
 * `npm run lint`:
 * - no source file over MAX_LINES lines, except catalogues and schema declarations (and the files on
 *   the shrinking list below, each with its reason);
 * - no function over MAX_FUNCTION_LINES lines and no service (`create…Service`) answering more than
 *   MAX_SERVICE_MEMBERS members, except the functions on LONG_FUNCTIONS, each with its reason (docs/architecture.md,
 *   "One use case per file");
 * - every ADR in docs/decisions/ is on the template (0000-template.md): title, Date, Status, and the
 *   Context / Decision / Consequences sections.
 * Exit 1 with one line per problem.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const MAX_LINES = 350;
const SOURCE = /\.(ts|tsx|mjs|cjs|css)$/;
/** Tests, journeys and generated files are not held to it. */
const NOT_HELD = /(\.test\.tsx?$|^apps\/web\/e2e\/|client-routes\.ts$|client-forms\.ts$)/;
/** Catalogues and schema declarations: long by nature, one entry per line. */
const EXEMPT = new Set([
  'apps/web/src/shared/i18n/messages.ts',
  'apps/web/src/shared/i18n/messages-en-us.ts',
  'apps/server/src/db/schema.ts',
]);
/** Over the limit on purpose (a file leaves this list when it is split): the bench scripts are one run each. */
const KNOWN_OVER = new Map([
  ['bench/animation.ts', 'one bench, one file'],
  ['bench/draw.ts', 'one bench, one file'],
  ['bench/budgets.mjs', 'one bench, one file'],
]);

const MAX_FUNCTION_LINES = 80;
const MAX_SERVICE_MEMBERS = 10;
/** Code whose functions are measured: the apps' and packages' sources (tests, journeys, generated files not). */
const MEASURED = /^(apps\/(server|web|console)\/src|packages\/[^/]+\/src)\/.*\.tsx?$/;
/** Migrations are a schema at one moment, written once and never edited: their `up` is one list of tables. */
const MIGRATION = /^apps\/server\/src\/db\/migrations\//;
/** `file:function` over MAX_FUNCTION_LINES on purpose, with the reason. */
const LONG_FUNCTIONS = new Map([]);

/** The LONG_FUNCTIONS entries still over the limit (the others must leave the list). */
const stillLong = new Set();

/** Functions over the limit and services over the member count in one source file. */
function measure(file, text) {
  const found = [];
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const line = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const nameOf = (n) => {
    if (n.name) return n.name.getText(sf);
    const p = n.parent;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p))) return p.name.getText(sf);
    return `<anonymous at line ${line(n.getStart(sf)) + 1}>`;
  };
  const visit = (n) => {
    if (
      ts.isFunctionDeclaration(n) ||
      ts.isArrowFunction(n) ||
      ts.isFunctionExpression(n) ||
      ts.isMethodDeclaration(n)
    ) {
      const name = nameOf(n);
      const lines = line(n.getEnd()) - line(n.getStart(sf)) + 1;
      const key = `${file}:${name}`;
      if (lines > MAX_FUNCTION_LINES && LONG_FUNCTIONS.has(key)) stillLong.add(key);
      else if (lines > MAX_FUNCTION_LINES && !MIGRATION.test(file))
        found.push(`${file}: ${name} is ${lines} lines (at most ${MAX_FUNCTION_LINES}; cut it into named steps)`);
      if (/^create\w*Service$/.test(name) && n.body && ts.isBlock(n.body)) {
        const last = n.body.statements.at(-1);
        const returned = last && ts.isReturnStatement(last) ? last.expression : undefined;
        if (returned && ts.isObjectLiteralExpression(returned) && returned.properties.length > MAX_SERVICE_MEMBERS)
          found.push(
            `${file}: ${name} answers ${returned.properties.length} members (at most ${MAX_SERVICE_MEMBERS}; group them)`,
          );
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const problems = [];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && !NOT_HELD.test(f));
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  if (MEASURED.test(f) && !f.endsWith('.gen.ts')) problems.push(...measure(f, text));
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines <= MAX_LINES || EXEMPT.has(f)) continue;
  if (KNOWN_OVER.has(f)) continue;
  problems.push(`${f}: ${lines} lines (at most ${MAX_LINES}; split it by use case or component)`);
}
for (const key of LONG_FUNCTIONS.keys()) {
  if (!stillLong.has(key))
    problems.push(`${key}: gone or now short, take it off LONG_FUNCTIONS in scripts/check-house.mjs`);
}
for (const f of KNOWN_OVER.keys()) {
  try {
    const n = readFileSync(f, 'utf8').split('\n').length;
    if (n <= MAX_LINES + 1) problems.push(`${f}: now ${n} lines, take it off KNOWN_OVER in scripts/check-house.mjs`);
  } catch {
    problems.push(`${f}: gone, take it off KNOWN_OVER in scripts/check-house.mjs`);
  }
}

const DECISIONS = 'docs/decisions';
for (const f of readdirSync(DECISIONS).filter((n) => /^\d{4}-.*\.md$/.test(n) && !n.startsWith('0000'))) {
  const text = readFileSync(join(DECISIONS, f), 'utf8');
  const lines = text.split('\n');
  const id = f.slice(0, 4);
  if (!lines[0]?.startsWith(`# ${id} `)) problems.push(`${DECISIONS}/${f}: first line is not "# ${id} <title>"`);
  if (!/^Date: \d{4}-\d{2}-\d{2}/m.test(text)) problems.push(`${DECISIONS}/${f}: no "Date: YYYY-MM-DD" line`);
  const status = /^Status: (.+)$/m.exec(text)?.[1];
  if (!status) problems.push(`${DECISIONS}/${f}: no "Status:" line`);
  else if (!/^(proposed|accepted|superseded by|partly superseded by)/.test(status) && id !== '0000')
    problems.push(`${DECISIONS}/${f}: status "${status}" is not proposed, accepted or superseded by …`);
  for (const section of ['## Context', '## Decision', '## Consequences']) {
    if (!lines.includes(section)) problems.push(`${DECISIONS}/${f}: no "${section}" section`);
  }
  if (/^## (Third |Fourth )?[Aa]ddendum/m.test(text))
    problems.push(`${DECISIONS}/${f}: an addendum; rewrite the current text instead (0000-template.md)`);
}

if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`house rules: ${files.length} source files, ADRs on the template\n`);
