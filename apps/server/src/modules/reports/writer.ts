import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { csvCell } from '../../platform/csv';

// The two file formats an export is written in, both streamed: CSV straight to the file (UTF-8 with a BOM so
// a spreadsheet reads Chinese), XLSX through exceljs's streaming workbook writer (each row committed and
// flushed, no shared-strings table, so memory stays flat whatever the number of rows).

export interface RowWriter {
  /** Writes rows; resolves once the file stream can take more (backpressure). */
  write(rows: (string | number)[][]): Promise<void>;
  /** Finishes the file; resolves with its size in bytes. */
  close(): Promise<number>;
  /** Stops on a failure (the caller removes the file). */
  abort(): void;
}

export function csvWriter(path: string, header: string[]): RowWriter {
  const out: WriteStream = createWriteStream(path);
  out.write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
  return {
    async write(rows) {
      let chunk = '';
      for (const r of rows) chunk += `${r.map(csvCell).join(',')}\r\n`;
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'finish');
      return out.bytesWritten;
    },
    abort() {
      out.destroy();
    },
  };
}

export function xlsxWriter(path: string, header: string[], sheetName: string): RowWriter {
  const out: WriteStream = createWriteStream(path);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(header).commit();
  return {
    async write(rows) {
      for (const r of rows) sheet.addRow(r).commit();
      // Committed rows wait in exceljs's buffer until the zip has deflated them: give it the event loop after
      // each page (and wait for the file while it is behind), or a fast reader outruns it and memory grows.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async close() {
      sheet.commit();
      await book.commit();
      if (!out.writableFinished) await once(out, 'finish');
      return out.bytesWritten;
    },
    abort() {
      out.destroy();
    },
  };
}
