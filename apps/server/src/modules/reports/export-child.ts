// The entry of an export process (export-process.ts forks it): it opens the database the server gave it,
// writes one export file, tells its parent the rows as they go, and exits. Nothing else is loaded, and its
// heap is capped, so a million-row export runs in a small constant memory beside the server, never in it.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../db';
import { moduleDatabase } from '../../platform/services';
import { writeExportFile } from './export-file';
import type { ChildReply, ChildRequest } from './export-process';

/** The kernel's high-water mark of this process's resident memory, in MB. */
function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return Math.round((m ? Number(m[1]) * 1024 : process.memoryUsage().rss) / 1_048_576);
}

const reply = (msg: ChildReply) => new Promise<void>((resolve) => process.send?.(msg, () => resolve()));

// The server stopped (or crashed): nobody will take the file. The sweeper marks the job abandoned.
process.once('disconnect', () => process.exit(1));

process.once('message', async (req: ChildRequest) => {
  const database = openDatabase(req.opened.target, req.opened.searchPath ? { searchPath: req.opened.searchPath } : {});
  let code = 0;
  try {
    const db = moduleDatabase('reports', database).db;
    const { rows, bytes } = await writeExportFile(db, req.spec, (n) => reply({ type: 'progress', rows: n }));
    await reply({ type: 'done', rows, bytes, peakRssMb: peakRssMb() });
  } catch (err) {
    code = 1;
    await reply({ type: 'failed', error: (err as Error).message });
  } finally {
    await database.close();
  }
  process.exit(code);
});
