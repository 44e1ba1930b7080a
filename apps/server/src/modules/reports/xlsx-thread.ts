// The thread an XLSX export is written on (writer.ts starts it): exceljs's streaming workbook writer turns
// each row into XML and hands it to its zip, and that is most of an XLSX export's work. On a thread of its
// own it runs beside the reading (the database driver's parsing and format.ts), on the machine's other core.
// Its messages: the rows of a page in, in chunks; 'taken' back once the zip and the file have caught up with
// the page (writer.ts sends the next page meanwhile, and no more); then 'close' in and the file's size back.
// After a failure it says why once and takes nothing more.
import { parentPort, workerData } from 'node:worker_threads';
import { fileOut } from './file-out';

export interface ThreadData {
  path: string;
  header: string[];
  sheetName: string;
  /** Data rows per sheet; past them the rows go on in another sheet, 中奖名单 (2) and so on. */
  rowsPerSheet?: number;
}

/** Excel opens at most 1,048,576 rows in a sheet: the header and 1,048,575 rows of data. */
export const EXCEL_ROWS_PER_SHEET = 1_048_575;
export type ThreadIn = { type: 'rows'; rows: (string | number)[][]; last: boolean } | { type: 'close' };
export type ThreadOut = { type: 'taken' } | { type: 'closed'; bytes: number } | { type: 'failed'; error: string };

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

async function run(port: NonNullable<typeof parentPort>, data: ThreadData) {
  const { default: ExcelJS } = await import('exceljs');
  const file = fileOut(data.path);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file.out,
    useStyles: false,
    useSharedStrings: false,
    // The fastest deflate: the sheet's XML is repetitive, so it still shrinks about 8 times.
    zip: { zlib: { level: 1 } },
  });
  const perSheet = data.rowsPerSheet ?? EXCEL_ROWS_PER_SHEET;
  let sheets = 0;
  let inSheet = 0;
  const nextSheet = () => {
    sheets++;
    const added = book.addWorksheet(sheets === 1 ? data.sheetName : `${data.sheetName} (${sheets})`);
    added.addRow(data.header).commit();
    inSheet = 0;
    return added;
  };
  let sheet = nextSheet();
  const post = (msg: ThreadOut) => port.postMessage(msg);
  let broken = false;
  const failed = (err: unknown) => {
    if (broken) return;
    broken = true;
    file.out.destroy();
    post({ type: 'failed', error: (err as Error).message });
  };
  port.on('message', (msg: ThreadIn) => {
    if (broken) return;
    if (msg.type === 'rows') {
      // A page comes in chunks, each written as it is delivered: only a chunk's rows are alive at a time.
      try {
        for (const r of msg.rows) {
          if (inSheet === perSheet) {
            // Written out now: exceljs streams one sheet after another into the zip.
            sheet.commit();
            sheet = nextSheet();
          }
          sheet.addRow(r).commit();
          inSheet++;
        }
      } catch (err) {
        return failed(err);
      }
      if (!msg.last) return;
    }
    void (async () => {
      if (msg.type === 'rows') {
        // Give the zip the event loop, then wait while it (or the file) is behind.
        await new Promise<void>((resolve) => setImmediate(resolve));
        file.check();
        await Promise.race([zipCaughtUp((sheet as unknown as { stream: unknown }).stream), file.failure]);
        await file.caughtUp();
        post({ type: 'taken' });
      } else {
        file.check();
        sheet.commit();
        await Promise.race([book.commit(), file.failure]);
        post({ type: 'closed', bytes: await file.finished() });
      }
    })().catch(failed);
  });
}

if (parentPort) void run(parentPort, workerData as ThreadData);
