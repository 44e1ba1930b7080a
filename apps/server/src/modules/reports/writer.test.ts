import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxWriter } from './writer';

describe('the XLSX writer on its own thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-writer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const page = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => [`a-${from + i}`, '十元券', from + i, i % 7 === 0 ? '<&"引号">' : '']);

  it('writes every row of every page, in order, chunked or empty, and closes with the file’s size', async () => {
    const path = join(dir, 'pages.xlsx');
    const w = await xlsxWriter(path, ['编号', '奖品', '序号', '备注'], '中奖名单');
    // Pages larger and smaller than a chunk, an empty one, and more pages than the two in flight.
    const pages = [page(0, 601), page(601, 0), page(601, 250), page(851, 1), page(852, 1200)];
    for (const p of pages) await w.write(p);
    const bytes = await w.close();
    expect(bytes).toBe(statSync(path).size);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('中奖名单');
    expect(sheet?.rowCount).toBe(1 + 2052);
    expect(sheet?.getRow(1).values).toEqual([undefined, '编号', '奖品', '序号', '备注']);
    const want = pages.flat();
    for (const n of [2, 3, 603, 852, 853, 854, 2053]) {
      const row = want[n - 2] as (string | number)[];
      expect(sheet?.getRow(n).getCell(1).value).toBe(row[0]);
      expect(sheet?.getRow(n).getCell(3).value).toBe(row[2]);
      expect(sheet?.getRow(n).getCell(4).value ?? '').toBe(row[3]);
    }
  });

  it('past a sheet’s rows (Excel’s 1,048,575) the rows go on in the next sheet, under the same header', async () => {
    const path = join(dir, 'sheets.xlsx');
    const w = await xlsxWriter(path, ['编号', '奖品', '序号', '备注'], '中奖名单', 500);
    await w.write(page(0, 600));
    await w.write(page(600, 601));
    await w.close();

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['中奖名单', 501],
      ['中奖名单 (2)', 501],
      ['中奖名单 (3)', 202],
    ]);
    for (const sheet of book.worksheets) expect(sheet.getRow(1).getCell(1).value).toBe('编号');
    expect(book.worksheets[0]?.getRow(501).getCell(1).value).toBe('a-499');
    expect(book.worksheets[1]?.getRow(2).getCell(1).value).toBe('a-500');
    expect(book.worksheets[2]?.getRow(202).getCell(1).value).toBe('a-1200');
  });

  it('a file that cannot be written rejects the export with the reason, and the thread ends', async () => {
    const w = await xlsxWriter(join(dir, 'no-such-folder', 'x.xlsx'), ['a'], 's');
    const run = async () => {
      for (let i = 0; i < 5; i++) await w.write(page(i * 10, 10));
      await w.close();
    };
    await expect(run()).rejects.toThrow(/ENOENT/);
    // Nothing more is taken once it has failed.
    await expect(w.write(page(0, 1))).rejects.toThrow(/ENOENT/);
  });
});
