import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { csvCell } from '../../platform/csv';

// The two file formats an export is written in, both streamed: CSV straight to the file (UTF-8 with a BOM so
// a spreadsheet reads Chinese), XLSX through exceljs's streaming workbook writer (each row committed, no
// shared-strings table, and each page waited for until the zip has taken it, so memory stays flat whatever
// the number of rows).

export interface RowWriter {
  /** Writes rows; resolves once the file stream can take more (backpressure). */
  write(rows: (string | number)[][]): Promise<void>;
  /** Finishes the file; resolves with its size in bytes. */
  close(): Promise<number>;
  /** Stops on a failure (the caller removes the file). */
  abort(): void;
}

/**
 * The file, with its failure kept: a stream that failed (a folder gone, a full disk) says so at the next write
 * or close, instead of an 'error' nobody hears, or a 'drain' that never comes.
 */
function fileOut(path: string) {
  const out: WriteStream = createWriteStream(path);
  let failed: Error | null = null;
  let fail: (err: Error) => void = () => {};
  /** Rejects when the file fails: what waits on something else (the zip) waits on this too. */
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failure.catch(() => {});
  out.on('error', (err) => {
    failed ??= err;
    fail(err);
  });
  const check = () => {
    if (failed) throw failed;
  };
  return {
    out,
    check,
    failure,
    /** Waits while the file is behind (a failure meanwhile rejects). */
    async caughtUp() {
      check();
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async finished() {
      check();
      if (!out.writableFinished) await once(out, 'finish');
      return out.bytesWritten;
    },
  };
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

/** The Writable side of a stream as exceljs's zip library (readable-stream) builds it. */
interface PipeTarget {
  _writableState?: { needDrain?: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs hands each 64 KB of a sheet's XML to the zip without waiting for it to be taken (StreamBuf's batch
 * mode), so a reader faster than deflate piles the XML up in the zip's entry stream (80 MB after 200,000
 * rows). Before the next page, wait until every such stream has drained.
 */
async function zipCaughtUp(sheetStream: unknown): Promise<void> {
  const pipes = (sheetStream as { pipes?: PipeTarget[] }).pipes ?? [];
  for (const p of pipes) {
    if (p._writableState?.needDrain) await new Promise<void>((resolve) => p.once('drain', resolve));
  }
}

/** exceljs is loaded with the first XLSX (a server that never writes one does not hold it). */
export async function xlsxWriter(path: string, header: string[], sheetName: string): Promise<RowWriter> {
  const { default: ExcelJS } = await import('exceljs');
  const file = fileOut(path);
  const { out } = file;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // The fastest deflate: the sheet's XML is repetitive, so it still shrinks about 8 times.
    zip: { zlib: { level: 1 } },
  });
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(header).commit();
  return {
    async write(rows) {
      for (const r of rows) sheet.addRow(r).commit();
      // Give the zip the event loop, then wait while it (or the file) is behind.
      await new Promise<void>((resolve) => setImmediate(resolve));
      file.check();
      await Promise.race([zipCaughtUp((sheet as unknown as { stream: unknown }).stream), file.failure]);
      await file.caughtUp();
    },
    async close() {
      file.check();
      sheet.commit();
      await Promise.race([book.commit(), file.failure]);
      return file.finished();
    },
    abort() {
      out.destroy();
    },
  };
}
