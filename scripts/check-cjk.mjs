#!/usr/bin/env node
/**
 * No Chinese outside the message catalogues (issue 33 §1), run by `npm run lint`: in apps/web/src and
 * apps/console/src, a .ts/.tsx file's string literals, template literal text and JSX text hold no CJK
 * character (U+3000–U+303F punctuation, U+4E00–U+9FFF ideographs, U+FF00–U+FFEF full-width forms).
 * Comments may; tests (*.test.ts[x]) and their helpers (shared/testing/) are not held to it.
 * A catalogue is a file named messages.ts, messages-<locale>.ts (messages-en-us.ts, messages-zh-cn.ts) or
 * <name>-messages.ts (lab-messages.ts): CATALOGUE below.
 * Exit 1 with one line per literal, file:line:column.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
export const CATALOGUE = /^(?:[\w-]+-)?messages(?:-[a-z]{2}-[a-z]{2})?\.ts$/;
const ROOTS = ['apps/web/src', 'apps/console/src'];
const HELD = /\.tsx?$/;
const NOT_HELD = /\.test\.tsx?$|\/shared\/testing\//;

/** Files still holding CJK literals while they move to a catalogue (none now: both apps are clean). */
const PENDING = new Set([]);

export function isCatalogue(path) {
  return CATALOGUE.test(basename(path));
}

export function isHeld(path) {
  return ROOTS.some((root) => path.startsWith(`${root}/`)) && HELD.test(path) && !NOT_HELD.test(path);
}

/** The CJK literals of one source text: [{ line, column, text }], 1-based. */
export function cjkLiterals(text, fileName) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
      case ts.SyntaxKind.JsxText:
        if (CJK.test(node.text)) {
          const at = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push({ line: at.line + 1, column: at.character + 1, text: node.text.trim() });
        }
        break;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...ROOTS], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => isHeld(f) && !isCatalogue(f));
  const problems = [];
  const pendingLeft = new Set();
  for (const f of files) {
    let text;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    const found = cjkLiterals(text, f);
    if (found.length === 0) continue;
    if (PENDING.has(f)) {
      pendingLeft.add(f);
      continue;
    }
    for (const { line, column, text: literal } of found) {
      problems.push(`${f}:${line}:${column}: CJK literal "${literal.slice(0, 40)}" (move it to a messages catalogue)`);
    }
  }
  for (const f of PENDING) {
    if (!pendingLeft.has(f)) problems.push(`${f}: no CJK literal left, take it off PENDING in scripts/check-cjk.mjs`);
  }
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
