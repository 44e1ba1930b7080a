#!/usr/bin/env node
// `npm start`: build the H5 when it is missing or older than its sources, then run the service
// (which migrates, seeds the demo tenants into an empty database and serves H5 + API on PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const index = join(webDist, 'index.html');
const sources = [join(root, 'apps/web/src'), join(root, 'apps/web/public'), join(root, 'packages/contract/src')];
const stale = !existsSync(index) || Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(index).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the H5 (apps/web)…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: webDist },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
