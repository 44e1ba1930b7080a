// Small, pure helpers over a draft (a plain JSON object): read and write by path, flatten for the conflict
// view, and the server's field-error keys in the editor's terms.

export type Path = (string | number)[];

export function getAt(obj: unknown, path: Path): unknown {
  let cur = obj as Record<string | number, unknown> | undefined;
  for (const k of path) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = cur[k] as Record<string | number, unknown> | undefined;
  }
  return cur;
}

/** A copy of `obj` with `value` at `path` (copies along the path only; the rest is shared). */
export function setAt<T>(obj: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [k, ...rest] = path;
  const base = (obj ?? (typeof k === 'number' ? [] : {})) as Record<string | number, unknown>;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  copy[k as string] = setAt(base[k as string], rest, value);
  return copy as T;
}

/** `{ a: { b: [1] } }` → `{ 'a.b.0': 1 }`: every leaf by its dotted path. */
export function flatten(obj: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (obj !== null && typeof obj === 'object' && (!Array.isArray(obj) || obj.length)) {
    const entries = Array.isArray(obj) ? obj.map((v, i) => [String(i), v] as const) : Object.entries(obj);
    if (!entries.length) out[prefix] = obj;
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = obj;
  }
  return out;
}

/** The paths where two drafts differ, in the order of the first. */
export function differences(a: unknown, b: unknown): { path: string; a: unknown; b: unknown }[] {
  const fa = flatten(a);
  const fb = flatten(b);
  const keys = [...new Set([...Object.keys(fa), ...Object.keys(fb)])];
  return keys
    .filter((k) => JSON.stringify(fa[k]) !== JSON.stringify(fb[k]))
    .map((k) => ({ path: k, a: fa[k], b: fb[k] }));
}

/** `body.draft.activity.prizes.2.valueCents` → `activity.prizes.2.valueCents` (the draft's own path). */
export function normalizeFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[k.replace(/^body\./, '').replace(/^draft\./, '')] = v;
  return out;
}

export const pathKey = (path: Path) => path.join('.');

/** Beside every time input: the editor reads and writes China time, whatever the browser's own zone. */
export const isTimeKey = (k: string) => /At$|Since$/.test(k);
export const isCentsKey = (k: string) => /Cents$/.test(k);
