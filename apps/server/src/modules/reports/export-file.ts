import type { ExportKind } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { cells, HEADERS } from './format';
import * as sources from './sources';
import { csvWriter, type RowWriter, xlsxWriter } from './writer';

/** One export file: what to read, how to write it, and the time that decides a coupon's expiry. */
export interface ExportSpec {
  kind: ExportKind;
  scope: sources.Scope;
  format: 'csv' | 'xlsx';
  unmasked: boolean;
  path: string;
  now: number;
}

const SHEETS: Record<ExportKind, string> = {
  winners: '中奖名单',
  orders: '实物订单',
  redemptions: '门店核销',
  coupons: '券',
  audit: '审计日志',
};

const READERS = {
  winners: sources.winners,
  orders: sources.orders,
  redemptions: sources.redemptions,
  coupons: sources.coupons,
  audit: sources.audit,
} as const;

/**
 * Streams one export into `spec.path`, a keyset page at a time: the next page is read while one is written,
 * and no more than that is held; `onPage` hears the rows written so far. Runs in an export process
 * (export-process.ts), or in the server's own when its database cannot be opened twice (SQLite in memory).
 */
export async function writeExportFile(
  db: Own<'reports'>,
  spec: ExportSpec,
  onPage: (rows: number) => Promise<void> | void = () => {},
): Promise<{ rows: number; bytes: number }> {
  const { kind, scope, unmasked, now } = spec;
  const out: RowWriter =
    spec.format === 'csv'
      ? csvWriter(spec.path, HEADERS[kind])
      : await xlsxWriter(spec.path, HEADERS[kind], SHEETS[kind]);
  let written = 0;
  const read = (cursor: string) => READERS[kind](db, scope, cursor) as Promise<sources.Page<Record<string, unknown>>>;
  try {
    let page = await read('');
    for (;;) {
      // The file (or the zip) takes this page on the thread pool while the next one is read.
      const writing = out.write(page.rows.map((r) => cells(kind, r, unmasked, now)));
      const next = page.next === null ? null : read(page.next);
      // A failed read is seen once the write is done, never as an unhandled rejection meanwhile.
      next?.catch(() => {});
      await writing;
      written += page.rows.length;
      await onPage(written);
      if (next === null) break;
      page = await next;
    }
    return { rows: written, bytes: await out.close() };
  } catch (err) {
    out.abort();
    throw err;
  }
}
