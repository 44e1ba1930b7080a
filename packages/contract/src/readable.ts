import { type CampaignDraft, yuan } from './campaign-draft';
import { chinaMinute } from './china-time';
import { fieldLabelAt } from './field-labels';
import { VALUE_LABELS, VALUE_WORDS, type ValueSet } from './readable-messages';

// The one value formatter of the console's approver diff and audit trail (issue 34 §2): a draft's or an audit
// record's value at a path, as a person reads it — labels, yuan, China time, names, 是/否, thumbnails — never
// JSON, keys, cents, epoch milliseconds or ids. It returns a small tree (text, image, lines, table, list); the
// console draws it (shared/readable-value.tsx). Zod-free: the console loads it.

export type Readable =
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string; alt: string }
  | { kind: 'lines'; lines: { label: string; value: Readable }[] }
  | { kind: 'table'; columns: string[]; rows: Readable[][] }
  | { kind: 'list'; items: Readable[] };

export type ReadablePath = readonly (string | number)[];
/** What an id names, by what it is: prizes, stores, staff and campaigns read by their names. */
export type NameBook = Partial<Record<'prize' | 'store' | 'staff' | 'activity', Readonly<Record<string, string>>>>;

const IMAGE_KEYS = new Set(['banner', 'image', 'buttonImage', 'shareImage']);
/** A null here is no limit, not nothing. */
const UNLIMITED_KEYS = new Set([
  'stock',
  'perUserCap',
  'perDay',
  'perActivity',
  'perUserLimit',
  'dailyLimit',
  'unlockAfterDraws',
  'perSeason',
  'perDayCap',
  'couponValidDays',
]);
const TIME_KEYS = new Set(['newCustomersSince', 'lockedUntil', 'until']);
/** Lists of ids too long to name one by one: their count. */
const COUNTED_KEYS = new Set(['blacklist', 'cgroupIds']);
/** Fields a row never shows (the campaign's own corp; ids where the row is named by its name). */
const ROW_HIDDEN = new Set(['corp', 'id', 'ref']);
/** Rows whose id is real data a person reads (a merchant's number). */
const ID_SHOWN = new Set(['validMerchants']);
const LONGEST_TEXT = 160;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (t: string): Readable => ({ kind: 'text', text: t });
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** The named segments of a path (row indexes dropped): the field's key and its parent. */
function where(path: ReadablePath) {
  const names = path.map(String).filter((s) => !/^\d+$/.test(s));
  return { key: names.at(-1) ?? '', parent: names.at(-2) ?? '' };
}

/** The label of the field at `path`; a key the catalogue lacks reads 其他设置, never as the key itself. */
export const readableLabel = (path: ReadablePath): string => fieldLabelAt(path) ?? VALUE_WORDS.other;

/** The value `value` of the field at `path`, as a person reads it. */
export function readable(path: ReadablePath, value: unknown, names: NameBook = {}): Readable {
  const { key } = where(path);
  if (value === undefined || value === null || value === '')
    return text(value === null && UNLIMITED_KEYS.has(key) ? VALUE_WORDS.unlimited : VALUE_WORDS.none);
  if ((key === 'whiteList' || key === 'codes') && isObj(value)) return text(whiteListText(value));
  if (IMAGE_KEYS.has(key) && typeof value === 'string') return { kind: 'image', url: value, alt: readableLabel(path) };
  if (Array.isArray(value)) return arrayOf(path, value, names);
  if (isObj(value)) return linesOf(path, value, names);
  return text(scalar(path, value, names));
}

function whiteListText(v: Record<string, unknown>): string {
  const rows = typeof v.rows === 'number' ? v.rows.toLocaleString('zh-CN') : '0';
  return typeof v.name === 'string' && v.name
    ? fill(VALUE_WORDS.whiteList, { name: v.name, rows })
    : fill(VALUE_WORDS.whiteListUnnamed, { rows });
}

function arrayOf(path: ReadablePath, value: unknown[], names: NameBook): Readable {
  const { key } = where(path);
  if (!value.length) return text(VALUE_WORDS.none);
  if (COUNTED_KEYS.has(key)) return text(fill(VALUE_WORDS.count, { n: value.length.toLocaleString('zh-CN') }));
  if (value.every(isObj)) {
    const hidden = ID_SHOWN.has(key) ? new Set(['corp']) : ROW_HIDDEN;
    const columns = [...new Set(value.flatMap((row) => Object.keys(row)))].filter((c) => !hidden.has(c));
    return {
      kind: 'table',
      columns: columns.map((c) => readableLabel([...path, 0, c])),
      rows: value.map((row, i) => columns.map((c) => readable([...path, i, c], row[c], names))),
    };
  }
  return { kind: 'list', items: value.map((x, i) => readable([...path, i], x, names)) };
}

function linesOf(path: ReadablePath, value: Record<string, unknown>, names: NameBook): Readable {
  const { key } = where(path);
  const hidden = ID_SHOWN.has(key) ? new Set(['corp']) : ROW_HIDDEN;
  return {
    kind: 'lines',
    lines: Object.entries(value)
      .filter(([k, v]) => v !== undefined && !hidden.has(k))
      .map(([k, v]) => ({ label: readableLabel([...path, k]), value: readable([...path, k], v, names) })),
  };
}

/** Which names book an id at this key is read in. */
function refOf(key: string, parent: string): keyof NameBook | null {
  if (key === 'prize' && parent === 'bands') return 'prize';
  if (key === 'stores' && (parent === 'list' || parent === 'staffList')) return 'store';
  if (key === 'actId' || key === 'act' || key === 'activities') return 'activity';
  if (key === 'createdBy' || key === 'actor') return 'staff';
  return null;
}

/** Which enum a string at this key is a value of. */
function setOf(key: string, parent: string): ValueSet | null {
  if (key === 'kind')
    return parent === 'prizes'
      ? 'prizeKind'
      : parent === 'tasks'
        ? 'taskKind'
        : parent === 'export'
          ? 'reportKind'
          : 'campaignKind';
  if (key === 'type' && parent !== 'upload') return 'campaignKind';
  if (key === 'reason' && parent === 'console') return 'signInFailure';
  const byKey: Record<string, ValueSet> = {
    period: 'taskPeriod',
    roles: 'role',
    state: 'campaignState',
    revisionState: 'revisionState',
    decision: 'decision',
    method: 'signInMethod',
    encoding: 'encoding',
    scope: 'throttleScope',
    every: 'releaseEvery',
  };
  return byKey[key] ?? null;
}

const isTimeKey = (key: string, parent: string) =>
  key.endsWith('At') || TIME_KEYS.has(key) || (parent === 'filter' && (key === 'from' || key === 'to'));

function scalar(path: ReadablePath, value: unknown, names: NameBook): string {
  const { key, parent } = where(path);
  if (typeof value === 'boolean') return value ? VALUE_WORDS.yes : VALUE_WORDS.no;
  if (typeof value === 'number') return numberText(key, parent, value, fieldLabelAt(path) !== undefined);
  if (typeof value !== 'string') return VALUE_WORDS.none;
  const ref = refOf(key, parent);
  if (ref) return names[ref]?.[value] ?? value;
  const set = setOf(key, parent);
  const labels: Readonly<Record<string, string>> | null = set ? VALUE_LABELS[set] : null;
  if (labels && value in labels) return labels[value] ?? value;
  if (isTimeKey(key, parent)) return timeText(value);
  if (key === 'slot') return slotText(value);
  if (key === 'listId') return VALUE_WORDS.listUploaded;
  if (key === 'secondFactor' && value === 'new') return VALUE_WORDS.secondFactorNew;
  return value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT)}${VALUE_WORDS.more}` : value;
}

/** Epoch ms between 2001 and 2100: what an unlabelled number of that size is, read as a time. */
const EPOCH_LIKE = (n: number) => Number.isInteger(n) && n >= 1e12 && n < 4.1e12;

function numberText(key: string, parent: string, n: number, labelled: boolean): string {
  if (key.endsWith('Cents')) return yuan(n);
  if (isTimeKey(key, parent) || (!labelled && EPOCH_LIKE(n))) return chinaMinute(n);
  if (key === 'overBudgetChance' || key === 'probability') return `${(n * 100).toFixed(2)}%`;
  return Number.isInteger(n) ? n.toLocaleString('zh-CN') : String(n);
}

/** A draft time given as text: the file's ISO form or `now+90d`. */
function timeText(value: string): string {
  const rel = /^now\+(\d+)d$/.exec(value);
  if (rel) return fill(VALUE_WORDS.afterPublish, { n: rel[1] ?? '' });
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : chinaMinute(ms);
}

function slotText(value: string): string {
  const type = value.startsWith('page:') ? value.slice(5) : null;
  const kind = type === null ? undefined : VALUE_LABELS.campaignKind[type];
  return kind ? fill(VALUE_WORDS.slotPage, { kind }) : value;
}

/** One line of text for a readable value (a table cell's summary, a screen reader, a comparison). */
export function readableText(r: Readable): string {
  switch (r.kind) {
    case 'text':
      return r.text;
    case 'image':
      return VALUE_WORDS.image;
    case 'list':
      return r.items.map(readableText).join(VALUE_WORDS.listSep);
    case 'lines':
      return r.lines
        .map((l) => fill(VALUE_WORDS.field, { label: l.label, value: readableText(l.value) }))
        .join(VALUE_WORDS.rowSep);
    case 'table':
      return r.rows.map((row) => row.map(readableText).join(VALUE_WORDS.cellSep)).join(VALUE_WORDS.rowSep);
  }
}

/** The names a draft gives its own ids (prizes, stores, staff, the campaign itself), from any of its versions. */
export function namesOf(...drafts: (CampaignDraft | null | undefined)[]): NameBook {
  const book = { prize: {}, store: {}, staff: {}, activity: {} } as Record<keyof NameBook, Record<string, string>>;
  for (const d of drafts) {
    if (!d) continue;
    for (const p of d.activity?.prizes ?? []) if (p.id && p.name) book.prize[p.id] = p.name;
    for (const s of d.stores?.stores ?? []) if (s.id && s.name) book.store[s.id] = s.name;
    for (const s of d.staffList ?? []) if (s.id && s.name) book.staff[s.id] = s.name;
    if (d.activity?.id && d.activity.title) book.activity[d.activity.id] = d.activity.title;
  }
  return book;
}
