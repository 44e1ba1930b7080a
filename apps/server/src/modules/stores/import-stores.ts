import { FIELD_MESSAGES, fieldLabel, MAX_STORES_CSV_BYTES, storeIdSchema, storeInputSchema } from '@campaign/contract';
import { parse } from 'csv-parse/sync';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { readCsvUpload } from '../../platform/upload-read';
import type { Acting, StoreAdminDeps } from './admin-deps';
import * as admin from './admin-repo';
import { storedHours } from './store-admin-view';

// Stores from CSV in the console (issue 34): the upload read like the white list (UTF-8 or GBK), every row
// checked by the same schema as the store form, and nothing stored unless every row is valid.

export const STORE_CSV_COLUMNS = ['id', 'name', 'address', 'cityCode', 'cityName', 'lng', 'lat', 'hours', 'phone'];
const MAX_PROBLEMS = 100;
const rowSchema = storeInputSchema.extend({ id: storeIdSchema });

const messageOf = (m: string) =>
  m.startsWith('i18n:') && m.slice(5) in FIELD_MESSAGES
    ? FIELD_MESSAGES[m.slice(5) as keyof typeof FIELD_MESSAGES]['zh-CN']
    : m;

type Row = ReturnType<typeof rowSchema.parse>;
/** A CSV record and the line it ends on. */
type Rec = { record: Record<string, string>; info: { lines: number } };

/** The CSV's records checked: the rows, or every problem as `第 n 行: 字段: 说明`. */
function checkRows(records: Rec[]): { rows: Row[]; problems: [string, string][] } {
  const problems: [string, string][] = [];
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  records.forEach(({ record: rec, info }) => {
    const line = info.lines;
    const input = {
      ...rec,
      lng: rec.lng === '' ? undefined : Number(rec.lng),
      lat: rec.lat === '' ? undefined : Number(rec.lat),
      accepts: (rec.accepts ?? '')
        .split(/[;；]/)
        .map((s) => s.trim())
        .filter(Boolean),
    };
    const r = rowSchema.safeParse(input);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push([`${line}:${String(issue.path[0])}`, messageOf(issue.message)]);
      return;
    }
    try {
      storedHours(r.data.hours, 'hours');
    } catch {
      problems.push([`${line}:hours`, FIELD_MESSAGES.storeHours['zh-CN']]);
      return;
    }
    const first = seen.get(r.data.id);
    if (first !== undefined) problems.push([`${line}:id`, `门店编号 ${r.data.id} 与第 ${first} 行重复`]);
    else seen.set(r.data.id, line);
    rows.push(r.data);
  });
  return { rows, problems };
}

function refuse(problems: [string, string][]): never {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const text = shown.slice(0, 3).map(([where, m]) => {
    const [line, field = ''] = where.split(':');
    return `第 ${line} 行 ${fieldLabel(field)}：${m}`;
  });
  throw new AppError('LIST_INVALID', `${problems.length} 处错误：${text.join('；')}`, {
    fields: Object.fromEntries(shown),
  });
}

/** Parses the CSV (its header names the columns, any order; `accepts` optional, `;`-separated). */
function recordsOf(text: string): Rec[] {
  let records: Rec[];
  let header: string[] = [];
  try {
    records = parse(text, {
      columns: (h: string[]) => {
        header = h.map((c) => c.trim());
        return header;
      },
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as Rec[];
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    refuse([[`${line}:file`, `CSV 格式有误（引号未闭合或多余的引号）`]]);
  }
  const missing = STORE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) refuse([['1:header', `缺少列：${missing.join(', ')}`]]);
  if (records.length === 0) refuse([['1:file', '文件中没有门店']]);
  return records;
}

/** Imports the stores of a CSV into the corp in one transaction (a store of the same id is updated); audited. */
export async function importStores(deps: StoreAdminDeps, acting: Acting, corp: Corp, body: unknown) {
  const { text, encoding } = await readCsvUpload(body, MAX_STORES_CSV_BYTES);
  const { rows, problems } = checkRows(recordsOf(text));
  if (problems.length) refuse(problems);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (tx) => {
    for (const s of rows) {
      await admin.upsertStoreRow(own('stores', tx), {
        corp_id: corp.id,
        id: s.id,
        name: s.name,
        address: s.address,
        city_code: s.cityCode,
        city_name: s.cityName,
        phone: s.phone,
        lng: s.lng,
        lat: s.lat,
        hours: storedHours(s.hours, 'hours'),
        accepts: JSON.stringify([...new Set(s.accepts)]),
        created_at: now,
        updated_at: now,
      });
    }
    await deps.audit.append(handOver(tx), {
      corpId: corp.id,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'store.import',
      subject: null,
      after: { stores: rows.length, ids: rows.map((r) => r.id).slice(0, 200), encoding },
    });
  });
  return { stores: rows.length, encoding };
}
