import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { csvCell } from '../../platform/csv';
import { fileOut } from './file-out';
import type { ThreadData, ThreadIn, ThreadOut } from './xlsx-thread';

// The two file formats an export is written in, both streamed: CSV straight to the file (UTF-8 with a BOM so
// a spreadsheet reads Chinese), XLSX through exceljs's streaming workbook writer on a thread of its own
// (xlsx-thread.ts), a page at a time, so memory stays flat whatever the number of rows.

/** Rows per message to the XLSX thread: it writes each chunk as it is delivered. */
const CHUNK = 250;
const THREAD = fileURLToPath(new URL('./xlsx-thread.ts', import.meta.url));
/**
 * The thread runs TypeScript as this process does, whatever started it (tsx, or a test runner): a worker does
 * not inherit the loader this process was started with, so it registers tsx's own before loading its module.
 */
const TSX_API = createRequire(import.meta.url).resolve('tsx/cjs/api');
const BOOT = `require(${JSON.stringify(TSX_API)}).register(); require(${JSON.stringify(THREAD)});`;

export interface RowWriter {
  /** Writes rows; resolves once the file stream can take more (backpressure). */
  write(rows: (string | number)[][]): Promise<void>;
  /** Finishes the file; resolves with its size in bytes. */
  close(): Promise<number>;
  /** Stops on a failure (the caller removes the file). */
  abort(): void;
}

export function csvWriter(path: string, header: string[]): RowWriter {
  const file = fileOut(path);
  const { out } = file;
  out.write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
  return {
    async write(rows) {
      let chunk = '';
      for (const r of rows) chunk += `${r.map(csvCell).join(',')}\r\n`;
      file.check();
      out.write(chunk);
      await file.caughtUp();
    },
    async close() {
      file.check();
      out.end();
      return file.finished();
    },
    abort() {
      out.destroy();
    },
  };
}

/**
 * An XLSX file written on a thread of its own (xlsx-thread.ts) while this one reads and formats the next
 * pages: exceljs's XML is most of the work, and the two halves run on two cores (13.6 s for a million rows on
 * one thread, 8.4 to 10 s on two; docs/benchmarks.md). `write` resolves once the thread has taken the page
 * before, so at most two pages are on their way. exceljs is loaded by the thread, never by this process.
 * Past `rowsPerSheet` data rows (default Excel's limit) the rows go on in another sheet, under the header.
 */
export async function xlsxWriter(
  path: string,
  header: string[],
  sheetName: string,
  rowsPerSheet?: number,
): Promise<RowWriter> {
  const data: ThreadData = { path, header, sheetName, rowsPerSheet };
  const thread = new Worker(BOOT, {
    eval: true,
    workerData: data,
    // A chunk's XML and its garbage: a small heap, like the export process's own (export-process.ts).
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 24 },
    stdout: false,
    stderr: false,
  });
  let failed: Error | null = null;
  /** The answers awaited, in the order they come: a 'taken' per page sent, then 'closed'. */
  const waiting: { resolve: (msg: ThreadOut) => void; reject: (err: Error) => void }[] = [];
  const fail = (err: Error) => {
    failed ??= err;
    for (const w of waiting.splice(0)) w.reject(failed);
  };
  thread.on('message', (msg: ThreadOut) => {
    if (msg.type === 'failed') fail(new Error(msg.error));
    else waiting.shift()?.resolve(msg);
  });
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the XLSX thread stopped (exit ${code})`)));
  const answer = () =>
    new Promise<ThreadOut>((resolve, reject) => {
      if (failed) reject(failed);
      else waiting.push({ resolve, reject });
    });
  /** Pages sent and not yet taken: one is written while the next waits, so the thread never idles. */
  const sent: Promise<ThreadOut>[] = [];
  return {
    async write(rows) {
      if (failed) throw failed;
      // In chunks: the thread writes each as it is delivered, so only a chunk's rows are alive there at once.
      for (let i = 0; i < rows.length || i === 0; i += CHUNK) {
        thread.postMessage({ type: 'rows', rows: rows.slice(i, i + CHUNK), last: i + CHUNK >= rows.length });
      }
      const taken = answer();
      taken.catch(() => {});
      sent.push(taken);
      if (sent.length > 1) await sent.shift();
    },
    async close() {
      await Promise.all(sent.splice(0));
      const done = answer();
      thread.postMessage({ type: 'close' } satisfies ThreadIn);
      const { bytes } = (await done) as Extract<ThreadOut, { type: 'closed' }>;
      await thread.terminate();
      return bytes;
    },
    abort() {
      void thread.terminate();
    },
  };
}
