import { RISK_IMPORT_MAX_ROWS, type RiskListType } from '@campaign/contract';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import { normalise, shownOf } from './list-values';
import * as repo from './repo';
import { listKey } from './state';

// A CSV of list entries checked line by line (ADR 0393): what the maker previews and what the request carries.
// Phones and ID numbers leave this file as keyed hashes and masked text only.

/** A valid row as the request keeps it: the value's key (a keyed hash for phones and ID numbers), never the value. */
export interface ImportRow {
  line: number;
  type: RiskListType;
  key: string;
  shown: string;
  reason: string;
  expiresAt: number | null;
  listed: boolean;
}

export interface ImportCheck {
  rows: ImportRow[];
  errors: { line: number; message: string }[];
  errorCount: number;
}

const ERRORS_SHOWN = 500;
const DAY_MS = 86_400_000;
const COLUMNS: Record<'type' | 'value' | 'reason' | 'expires', string[]> = {
  type: ['type', '类型', '名单类型'],
  value: ['value', '值', '名单值'],
  reason: ['reason', '原因', '理由'],
  expires: ['expires', '到期', '到期日', '有效期至'],
};
const TYPES: Record<string, RiskListType> = {
  phone: 'phone',
  手机号: 'phone',
  手机: 'phone',
  device: 'device',
  设备: 'device',
  设备号: 'device',
  ip: 'ip',
  ip地址: 'ip',
  网段: 'ip',
  invite: 'invite',
  邀请码: 'invite',
  id_number: 'id_number',
  身份证号: 'id_number',
  身份证: 'id_number',
};

const refuse = (zh: string): never => {
  throw new AppError('LIST_INVALID', zh, { fields: { file: zh } });
};

/** The header's columns by role (English or Chinese names), or the file refused. */
function columnsOf(header: string[]): Record<keyof typeof COLUMNS, number> {
  const at = (names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const found = {
    type: at(COLUMNS.type),
    value: at(COLUMNS.value),
    reason: at(COLUMNS.reason),
    expires: at(COLUMNS.expires),
  };
  const missing = (['type', 'value', 'reason'] as const).filter((k) => found[k] < 0);
  if (missing.length) refuse(`第 1 行缺少列：${missing.map((k) => `${k}（${COLUMNS[k][1]}）`).join('、')}`);
  return found;
}

/** Empty: never; YYYY-MM-DD: the end of that day, China time; 1–365: days from now. */
function expiryOf(raw: string, now: number): number | null {
  const v = raw.trim();
  if (v === '') return null;
  if (/^\d{1,3}$/.test(v)) {
    const days = Number(v);
    if (days < 1 || days > 365) throw new Error('有效天数须为 1–365');
    return now + days * DAY_MS;
  }
  const d = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  const at = d
    ? Date.parse(`${d[1]}-${d[2]?.padStart(2, '0')}-${d[3]?.padStart(2, '0')}T23:59:59.999+08:00`)
    : Number.NaN;
  if (Number.isNaN(at)) throw new Error('到期须为日期（如 2027-06-30）、1–365 的天数或留空（长期）');
  if (at <= now) throw new Error('到期日已过');
  if (at > now + 366 * DAY_MS) throw new Error('到期日不能超过一年');
  return at;
}

function rowsOf(text: string): string[][] {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (e) {
    return refuse(`第 ${(e as { lines?: number }).lines ?? 1} 行：CSV 格式有误（引号未闭合或多余的引号）`);
  }
}

/** One line checked: the row, or why not (Chinese). */
function checkLine(deps: RiskDeps, cells: string[], col: Record<keyof typeof COLUMNS, number>, now: number) {
  const cell = (i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
  const type = TYPES[cell(col.type).toLowerCase()];
  if (!type) throw new Error(`类型「${cell(col.type)}」无效，应为 手机号、设备、IP、身份证号 或 邀请码`);
  const raw = cell(col.value);
  if (raw === '') throw new Error('名单值为空');
  let value: string;
  try {
    value = normalise(type, raw);
  } catch (e) {
    const d = e instanceof AppError ? e.detail : undefined;
    throw new Error((typeof d === 'string' ? d : d?.['zh-CN']) ?? '名单值格式不正确');
  }
  const reason = cell(col.reason);
  if ([...reason].length < 2) throw new Error('原因至少 2 个字');
  if ([...reason].length > 200) throw new Error('原因最多 200 字');
  return {
    type,
    key: listKey(deps, type, value),
    shown: shownOf(type, value),
    reason,
    expiresAt: expiryOf(cell(col.expires), now),
  };
}

/** Every line of the file checked: the valid rows (hashed), each bad line's reason; more than the maximum refused whole. */
export async function checkImport(deps: RiskDeps, corpId: string, text: string): Promise<ImportCheck> {
  const [header, ...lines] = rowsOf(text);
  if (!header) return refuse('文件中没有名单');
  const col = columnsOf(header);
  if (lines.length === 0) refuse('文件中没有名单');
  if (lines.length > RISK_IMPORT_MAX_ROWS)
    refuse(`一次最多导入 ${RISK_IMPORT_MAX_ROWS} 行，本文件有 ${lines.length} 行`);
  const now = deps.clock();
  const listed = new Set(
    (await repo.listEntries(deps.database.db, corpId, now)).map((e) => `${e.type}:${e.value_key}`),
  );
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  const errors: ImportCheck['errors'] = [];
  lines.forEach((cells, i) => {
    const line = i + 2;
    try {
      const r = checkLine(deps, cells, col, now);
      const first = seen.get(`${r.type}:${r.key}`);
      if (first !== undefined) throw new Error(`与第 ${first} 行重复`);
      seen.set(`${r.type}:${r.key}`, line);
      rows.push({ line, ...r, listed: listed.has(`${r.type}:${r.key}`) });
    } catch (e) {
      errors.push({ line, message: (e as Error).message });
    }
  });
  return { rows, errors: errors.slice(0, ERRORS_SHOWN), errorCount: errors.length };
}
