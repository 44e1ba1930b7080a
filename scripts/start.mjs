#!/usr/bin/env node
// `npm start`: build the H5 and the operator console when missing or older than their sources, then run the
// service (which migrates, seeds the demo tenants into an empty database and serves H5, console and API on PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const consoleDist = process.env.CONSOLE_DIST ?? join(root, 'apps/console/dist');
const contract = join(root, 'packages/contract/src');

/** Builds an app when its index.html is missing or older than its sources (unless its dist was given). */
function buildIfStale(app, dist, given, what) {
  const index = join(dist, 'index.html');
  const sources = [join(root, app, 'src'), join(root, app, 'public'), join(root, app, 'index.html'), contract];
  const stale =
    !existsSync(index) || Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(index).mtimeMs;
  if (!stale || given) return;
  console.log(`Building ${what} (${app})…`);
  const r = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
buildIfStale('apps/web', webDist, process.env.WEB_DIST, 'the H5');
buildIfStale('apps/console', consoleDist, process.env.CONSOLE_DIST, 'the operator console');

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: webDist, CONSOLE_DIST: consoleDist },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
