import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BANNER_CHECK_SCENE,
  BANNER_IMAGE_PATH,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_LIST_BYTES,
  MAX_LIST_ROWS,
} from '@campaign/contract';
import { CsvError, parse } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors';
import { asStream, DRAIN_MAX_BYTES, readLimited } from '../../platform/upload-read';

// Uploads (docs/decisions/0347-uploads.md): the bytes come as a stream (an endpoint's `upload`), the image's
// type is told from its bytes, the list is spooled to a temporary file while its size, hash and encoding are
// found, then read again row by row — never whole in memory.

const EXT: Record<(typeof IMAGE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Stores an image in the corp's banner directory under its content hash; the URL passes the banner check. */
export async function saveImage(bannerDir: string, corpId: string, body: unknown) {
  const bytes = await readLimited(asStream(body), MAX_IMAGE_BYTES);
  const found = await fileTypeFromBuffer(bytes);
  const type = IMAGE_TYPES.find((t) => t === found?.mime);
  if (!type) throw new AppError('UPLOAD_TYPE', 'PNG / JPEG / WebP / GIF');
  const name = `u-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXT[type]}`;
  const dir = join(bannerDir, corpId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes);
  const q = new URLSearchParams({ checkscene: BANNER_CHECK_SCENE, corpId, checkData: JSON.stringify({ corpId }) });
  return { url: `${BANNER_IMAGE_PATH}/${name}?${q}`, name, type, bytes: bytes.length };
}

export interface Spooled {
  file: string;
  encoding: 'utf-8' | 'gbk';
  sha256: string;
  done: () => Promise<void>;
}

/**
 * Copies the upload to a temporary file (≤ MAX_LIST_BYTES) while hashing it and checking it is valid
 * UTF-8 as it goes: valid UTF-8 is read as UTF-8, anything else as GBK (what Chinese spreadsheets write;
 * GBK text is almost never valid UTF-8).
 */
export async function spool(body: unknown): Promise<Spooled> {
  const dir = await mkdtemp(join(tmpdir(), 'campaign-list-'));
  const done = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'upload.csv');
  const hash = createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let size = 0;
  try {
    await pipeline(
      asStream(body),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          // Over the limit: read on to the end and drop it, then refuse (see DRAIN_MAX_BYTES).
          if (size > MAX_LIST_BYTES + DRAIN_MAX_BYTES) break;
          if (size > MAX_LIST_BYTES) continue;
          hash.update(chunk);
          if (isUtf8) {
            try {
              utf8.decode(chunk, { stream: true });
            } catch {
              isUtf8 = false;
            }
          }
          yield chunk;
        }
        if (size > MAX_LIST_BYTES) throw new AppError('UPLOAD_TOO_LARGE', `不得超过 ${MAX_LIST_BYTES / 1048576} MiB`);
        if (isUtf8) {
          try {
            utf8.decode();
          } catch {
            isUtf8 = false;
          }
        }
      },
      createWriteStream(file),
    );
  } catch (err) {
    await done();
    throw err;
  }
  return { file, encoding: isUtf8 ? 'utf-8' : 'gbk', sha256: hash.digest('hex'), done };
}

export interface ListRow {
  line: number;
  nuid: string;
  mobile: string | null;
}

const NUID = /^[A-Za-z0-9_-]{1,64}$/;
const MOBILE = /^1\d{10}$/;
/** A pool's coupon code: what the store counter accepts (packages/contract `redeemCodeSchema`), any case. */
const CODE = /^[A-Za-z0-9]{6,40}$/;
/** At most this many bad rows are named; the count says how many there were. */
export const MAX_REPORTED = 100;

/** A record longer than this (in characters) is no list row: refused, and never held whole in memory. */
const MAX_RECORD_CHARS = 64 * 1024;

type Report = (line: number, field: string, message: string) => void;
/** Where each named column is in the file (-1: not there). */
type Columns = Record<string, number>;

/** What one kind of list file holds: its columns, the one it needs, and how a line becomes a row. */
interface ListShape<R extends { line: number }> {
  headers: Record<string, readonly string[]>;
  /** The column every file needs (a repeat of it is reported under its name). */
  key: string;
  missingHeader: string;
  repeated: (row: R) => string;
  /** The row of a line (its index among the rows from 0), or null when a field is not valid (reported). */
  row: (record: string[], line: number, columns: Columns, index: number, report: Report) => R | null;
}

/** A white list or customer group: 客户号 and, optionally, 手机号. */
const CUSTOMERS: ListShape<ListRow> = {
  headers: { nuid: ['nuid', '客户号', '客户编号', '客户id'], mobile: ['mobile', '手机号', '手机', '手机号码'] },
  key: 'nuid',
  missingHeader: '首行须为表头，含“客户号”（nuid）列，可选“手机号”（mobile）列',
  repeated: (r) => `客户号 ${r.nuid} 重复`,
  row: (record, line, columns, _index, report) => {
    const nuid = record[columns.nuid ?? -1] ?? '';
    const mobile = (columns.mobile ?? -1) >= 0 ? (record[columns.mobile ?? -1] ?? '') : '';
    let ok = true;
    if (!NUID.test(nuid)) {
      report(line, 'nuid', nuid ? '客户号只能含字母、数字、_ 或 -（1–64 位）' : '客户号不能为空');
      ok = false;
    }
    if (mobile && !MOBILE.test(mobile)) {
      report(line, 'mobile', '手机号须为 11 位数字，以 1 开头');
      ok = false;
    }
    return ok ? { line, nuid, mobile: mobile || null } : null;
  },
};

/** A coupon's code pool: one 券码 a line, handed out in the file's order (ADR 0390). */
export interface PoolCodeRow {
  line: number;
  seq: number;
  code: string;
}
const CODES: ListShape<PoolCodeRow> = {
  headers: { code: ['code', '券码', '兑换码', '券号'] },
  key: 'code',
  missingHeader: '首行须为表头，含“券码”（code）列',
  repeated: (r) => `券码 ${r.code} 重复`,
  row: (record, line, columns, index, report) => {
    const code = record[columns.code ?? -1] ?? '';
    if (!CODE.test(code)) {
      report(line, 'code', code ? '券码须为 6–40 位字母或数字' : '券码不能为空');
      return null;
    }
    return { line, seq: index + 1, code: code.toUpperCase() };
  },
};

/**
 * What csv-parse could not read, as `line: field: message`: an unclosed quote is named at the line its record
 * starts on (the one after the last record read), anything else at the line csv-parse stopped on.
 */
function csvProblem(err: CsvError, lastLine: number, columns: Columns | null): [number, string, string] {
  const at = typeof err.lines === 'number' ? err.lines : lastLine + 1;
  const col = typeof err.column === 'number' ? err.column : -1;
  const named = columns && col >= 0 ? Object.entries(columns).find(([, i]) => i === col)?.[0] : undefined;
  const field = !columns ? 'header' : (named ?? (col >= 0 ? `第 ${col + 1} 列` : 'file'));
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return [lastLine + 1, field, '引号未闭合：从此行起到文件末尾都在一对引号里'];
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return [at, field, '引号后只能是逗号或换行；值里的引号须写成两个（""）'];
    case 'CSV_MAX_RECORD_SIZE':
      return [at, 'file', `此行超过 ${MAX_RECORD_CHARS / 1024} K 字符，不是名单的一行`];
    default:
      return [at, field, '此处不是有效的 CSV 内容'];
  }
}

/**
 * Reads the spooled list row by row: a header (`nuid`/客户号, optional `mobile`/手机号), then one customer
 * per line. Valid rows go to `onRows` in batches; bad ones to `problems` as `line: field: message`.
 */
export function readList(spooled: Spooled, onRows: (rows: ListRow[]) => Promise<ListRow[]>, batchSize = 2000) {
  return readRows(spooled, CUSTOMERS, onRows, batchSize);
}

/** Reads a spooled code pool: a header (`code`/券码), then one code per line, as readList reads customers. */
export function readCodes(spooled: Spooled, onRows: (rows: PoolCodeRow[]) => Promise<PoolCodeRow[]>, batchSize = 2000) {
  return readRows(spooled, CODES, onRows, batchSize);
}

async function readRows<R extends { line: number }>(
  spooled: Spooled,
  shape: ListShape<R>,
  onRows: (rows: R[]) => Promise<R[]>,
  batchSize: number,
): Promise<{ rows: number; problems: string[]; bad: number }> {
  const problems: string[] = [];
  let bad = 0;
  const report: Report = (line, field, message) => {
    bad++;
    if (problems.length < MAX_REPORTED) problems.push(`${line}: ${field}: ${message}`);
  };
  let columns: Columns | null = null;
  let rows = 0;
  let batch: R[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const taken = batch;
    batch = [];
    for (const dup of await onRows(taken)) report(dup.line, shape.key, shape.repeated(dup));
  };
  // 16 KiB at a time: each chunk is parsed in one go, and customers' requests wait for it.
  const source = createReadStream(spooled.file, { highWaterMark: 16 * 1024 });
  // relax_quotes: a quote inside an unquoted value (C"1, =HYPERLINK("…")) is part of the value, which the
  // rules below then refuse by name; what is still no CSV (an unclosed quote, text after a closing one, a
  // record over 64 KiB) ends the reading as one `line: field: message` (csvProblem), never a 500.
  const parser = source.pipe(iconv.decodeStream(spooled.encoding === 'gbk' ? 'gbk' : 'utf8', { stripBOM: true })).pipe(
    parse({
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_RECORD_CHARS,
      trim: true,
    }),
  );
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      lastLine = line;
      if (!columns) {
        const names = record.map((h) => h.toLowerCase());
        columns = Object.fromEntries(
          Object.entries(shape.headers).map(([k, accepted]) => [k, names.findIndex((h) => accepted.includes(h))]),
        );
        if ((columns[shape.key] ?? -1) < 0) {
          report(line, 'header', shape.missingHeader);
          break;
        }
        continue;
      }
      rows++;
      if (rows > MAX_LIST_ROWS) {
        report(line, 'file', `名单不得超过 ${MAX_LIST_ROWS.toLocaleString('en-US')} 行`);
        break;
      }
      // Valid rows are staged even after a bad one (the staged list is discarded then): a duplicate
      // later in the file is still found and named.
      const row = shape.row(record, line, columns, rows - 1, report);
      if (row) {
        batch.push(row);
        if (batch.length >= batchSize) await flush();
      }
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const [line, field, message] = csvProblem(err, lastLine, columns);
    report(line, field, message);
  } finally {
    source.destroy();
  }
  if (!columns) report(1, 'file', '文件为空');
  await flush();
  return { rows: Math.min(rows, MAX_LIST_ROWS), problems, bad };
}
