import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('../../../..', import.meta.url).pathname;

/**
 * The real service process (apps/server/src/main.ts), as production starts it, with `env` over this process's
 * environment (less ENCRYPTION_KEY: outside production the key is generated at start, once for all workers).
 * `output()` is everything it printed so far.
 */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const { ENCRYPTION_KEY: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    // No shedding by event-loop delay or queue age unless a test asks: a machine busy with the other suites
    // would shed at random (the shedding itself is tested in-process: platform.test, the group-commit tests).
    env: { ...inherited, MAX_EVENT_LOOP_DELAY_MS: '0', DRAW_QUEUE_MAX_MS: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  return { child, output: () => out };
}
