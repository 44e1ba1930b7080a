import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OpenedDatabase } from '../../db';
import type { ExportSpec } from './export-file';

export interface ChildRequest {
  opened: OpenedDatabase;
  spec: ExportSpec;
}
export type ChildReply =
  | { type: 'progress'; rows: number }
  | { type: 'done'; rows: number; bytes: number; peakRssMb: number }
  | { type: 'failed'; error: string };

const CHILD = fileURLToPath(new URL('./export-child.ts', import.meta.url));
// The export process runs TypeScript as the server does (tsx), whatever started the server (a test runner too).
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/**
 * The export process's V8 heap: a page of rows is a few MB, so 64 MB of old generation is room enough, and
 * 4 MB semi-spaces keep the peak low (2 MB: a quarter of the time went to collecting). The collector runs on
 * the thread that allocates: with an XLSX thread beside the reading one on two cores, helper threads only
 * took cores from them (11.4 s for a million XLSX rows with them, 9.5 s without). bench:export prints the
 * process's peak.
 */
const HEAP_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=4', '--single-threaded-gc'];

/** Whether `database` can be opened by another process (an SQLite database in memory cannot). */
export function canExportApart(database: { opened: OpenedDatabase }): boolean {
  const t = database.opened.target;
  return t.kind === 'postgres' || t.path !== ':memory:';
}

/**
 * Writes one export file in a process of its own (ADR 0365): the server's event loop stays free for
 * customers, its memory does not grow with the export, and an export that fails takes only itself down.
 * `onProgress` hears the rows written so far; resolves with the file's rows and bytes and the process's peak
 * resident memory.
 */
export function exportApart(
  database: { opened: OpenedDatabase },
  spec: ExportSpec,
  onProgress: (rows: number) => void,
): Promise<{ rows: number; bytes: number; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--import', TSX, ...HEAP_FLAGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    // The answer is the last message; 'close' comes after the process has exited and its IPC channel has
    // been read to the end ('exit' can come before the last message).
    child.on('message', (msg: ChildReply) => {
      if (msg.type === 'progress') onProgress(msg.rows);
      else if (msg.type === 'done') resolve({ rows: msg.rows, bytes: msg.bytes, peakRssMb: msg.peakRssMb });
      else reject(new Error(msg.error));
    });
    child.once('error', reject);
    child.once('close', (code, signal) =>
      reject(new Error(`the export process stopped (${signal ?? `exit ${code}`})`)),
    );
    const req: ChildRequest = { opened: database.opened, spec };
    child.send(req);
  });
}
