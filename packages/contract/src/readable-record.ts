import { fieldLabelAt } from './field-labels';
import { type NameBook, type Readable, type ReadablePath, readable } from './readable';
import { VALUE_WORDS } from './readable-messages';

// An audit entry's before → after as the auditor reads it (the console's audit trail): one row per field the
// action recorded, labelled from the one catalogue and formatted by readable.ts. A draft save records the
// changed draft paths (`activity.prizes.0.valueCents`) and, since issue 34, the approver diff's label of each
// (`labels`); an older entry's path is labelled segment by segment.

export interface ReadableChange {
  path: string;
  label: string;
  /** null: the action recorded no before (a creation, a sign-in). */
  before: Readable | null;
  after: Readable;
}

/** Keys a record carries for the reader, not as a change. */
const META_KEYS = new Set(['labels']);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fill = (template: string, n: number) => template.replace('{n}', String(n));

/** `activity.prizes.0.stock` → its segments, row indexes as numbers. */
const segments = (key: string): ReadablePath => key.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** A path's label segment by segment: 活动 · 奖品 · 第 1 项 · 库存. */
function pathLabel(area: string, path: ReadablePath): string {
  const parts: string[] = [];
  path.forEach((s, i) => {
    if (typeof s === 'number') parts.push(fill(VALUE_WORDS.rowAt, s + 1));
    else parts.push(fieldLabelAt([area, ...path.slice(0, i + 1)]) ?? VALUE_WORDS.other);
  });
  return parts.join(VALUE_WORDS.labelSep);
}

/** The rows of one audit entry (`action` as `area.verb`), in the order the action recorded them. */
export function readableRecord(
  action: string,
  before: unknown,
  after: unknown,
  names: NameBook = {},
): ReadableChange[] {
  const area = action.split('.')[0] ?? '';
  const b = isObj(before) ? before : null;
  const a = isObj(after) ? after : null;
  if ((before !== null && !b) || (after !== null && !a)) {
    // Not a record of fields: the whole value, under the action's own name for it.
    const path = [area];
    return [
      {
        path: area,
        label: VALUE_WORDS.other,
        before: before === null ? null : readable(path, before, names),
        after: readable(path, after, names),
      },
    ];
  }
  const labels = isObj(a?.labels) ? a.labels : {};
  const keys = [...Object.keys(a ?? {}), ...Object.keys(b ?? {}).filter((k) => !(a && k in a))].filter(
    (k) => !META_KEYS.has(k),
  );
  return keys.flatMap((k) => {
    const path = [area, ...segments(k)];
    const label = labels[k];
    // A key the before did not record (a count first given on publishing) was set, not changed from 无.
    const was = b && k in b ? readable(path, b[k], names) : null;
    const is = readable(path, a?.[k], names);
    // What the action recorded but did not change (the state a publish kept) is not a change to read.
    if (was && JSON.stringify(was) === JSON.stringify(is)) return [];
    return [
      { path: k, label: typeof label === 'string' ? label : pathLabel(area, segments(k)), before: was, after: is },
    ];
  });
}
