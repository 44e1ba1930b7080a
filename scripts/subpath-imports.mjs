#!/usr/bin/env node
/**
 * Rewrites imports that climb three or more `../` levels into the app's subpath import (package.json
 * "imports" + tsconfig "paths"): `../../../shared/ui/modal` in apps/web/src/features/x/screens/ becomes
 * `#web/shared/ui/modal`; in apps/server/src, `#server/…`. Imports that stay inside two levels are left
 * alone (they read better relative). Idempotent: run it again after a merge brings new deep imports
 * (`node scripts/subpath-imports.mjs`, then `npm run format`); `--check` only lists them and exits 1 when
 * there are any (npm run lint runs it so). docs/decisions/0150-subpath-imports.md.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = [
  { src: join(ROOT, 'apps/web/src'), prefix: '#web/' },
  { src: join(ROOT, 'apps/server/src'), prefix: '#server/' },
  { src: join(ROOT, 'apps/console/src'), prefix: '#console/' },
];
const check = process.argv.includes('--check');
// `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `export … from '…'`.
const SPEC = /((?:\bfrom|\bimport|\bimport\(|\bvi\.mock\(|\bvi\.importActual\()\s*)'(\.\.\/(?:\.\.\/){2,}[^']*)'/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts)$/.test(name)) yield path;
  }
}

let found = 0;
let changedFiles = 0;
for (const app of APPS) {
  for (const file of files(app.src)) {
    const text = readFileSync(file, 'utf8');
    const next = text.replace(SPEC, (whole, lead, spec) => {
      const target = resolve(dirname(file), spec);
      const rel = relative(app.src, target);
      if (rel.startsWith('..')) return whole; // outside the app's src: not ours to name
      found++;
      if (check) process.stderr.write(`${relative(ROOT, file)}: '${spec}' → '${app.prefix}${rel}'\n`);
      return `${lead}'${app.prefix}${rel.split('\\').join('/')}'`;
    });
    if (next !== text && !check) {
      writeFileSync(file, next);
      changedFiles++;
    }
  }
}
if (check) {
  if (found) {
    process.stderr.write(`${found} imports climb three or more levels: run node scripts/subpath-imports.mjs\n`);
    process.exit(1);
  }
  process.stdout.write('imports: none climbs three or more levels\n');
} else {
  process.stdout.write(`rewrote ${found} imports in ${changedFiles} files\n`);
}
