import { type CampaignChange, type CampaignDraft, FIELD_LABELS, readableLabel } from '@campaign/contract';

// The approver's diff: the working draft against what is live, leaf by leaf, labelled from the contract's one
// field-label catalogue (the console's editor reads it too), path-aware: a prize's `kind` is 奖品类型, the
// campaign's 活动类型. Lists of
// things with an id (prizes, tasks, stores, staff) are matched by id, so a re-ordered table is no change and
// a prize's stock change reads 「一等奖」· 库存.

const LABELS = FIELD_LABELS;
const KEYED = new Set(['prizes', 'tasks', 'stores', 'staffList']);
/** Values compared whole: a white list is one upload (its file name and rows), not a reference and a count. */
const WHOLE = new Set(['whiteList']);
/** The order an added or removed row's fields are read in: who it is first, then as the editor lists them. */
const READING_ORDER = ['id', 'name', 'kind', ...Object.keys(LABELS)];
const rank = (k: string) => {
  const i = READING_ORDER.indexOf(k);
  return i < 0 ? READING_ORDER.length : i;
};
/** A row added or removed whole, its fields in reading order (not the file's: 库存 before 名称 read oddly). */
const inReadingOrder = (row: Record<string, Json>) =>
  Object.fromEntries(Object.entries(row).sort(([a], [b]) => rank(a) - rank(b)));

type Json = unknown;
const isObj = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyedList = (v: Json): v is { id: string }[] =>
  Array.isArray(v) && v.every((x) => isObj(x) && typeof x.id === 'string');
const same = (a: Json, b: Json) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changes from `before` (null: nothing live yet) to `after`, in the order of `after`'s fields. */
export function diffDrafts(before: CampaignDraft | null, after: CampaignDraft): CampaignChange[] {
  const out: CampaignChange[] = [];
  walk(before ?? {}, after, [], [], out);
  return out;
}

function walk(a: Json, b: Json, path: (string | number)[], label: string[], out: CampaignChange[]) {
  const field = String(path.at(-1) ?? '');
  if (WHOLE.has(path.join('.'))) {
    if (!same(a, b)) out.push(change(path, label, a ?? null, b ?? null));
    return;
  }
  if (isObj(a) || isObj(b)) {
    if ((a != null && !isObj(a)) || (b != null && !isObj(b))) {
      if (!same(a, b)) out.push(change(path, label, a, b));
      return;
    }
    const ao = isObj(a) ? a : {};
    const bo = isObj(b) ? b : {};
    const keys = [...Object.keys(bo), ...Object.keys(ao).filter((k) => !(k in bo))];
    for (const k of keys) walk(ao[k], bo[k], [...path, k], [...label, readableLabel([...path, k])], out);
    return;
  }
  if (KEYED.has(field) && keyedList(a ?? []) && keyedList(b ?? [])) {
    const al = (a ?? []) as { id: string; name?: string }[];
    const bl = (b ?? []) as { id: string; name?: string }[];
    const byId = new Map(al.map((x) => [x.id, x]));
    bl.forEach((x, i) => {
      const prev = byId.get(x.id);
      const itemLabel = [...label, `「${x.name ?? x.id}」`];
      if (!prev) out.push(change([...path, i], [...label, `新增「${x.name ?? x.id}」`], null, inReadingOrder(x)));
      else walk(prev, x, [...path, i], itemLabel, out);
    });
    const kept = new Set(bl.map((x) => x.id));
    al.forEach((x, i) => {
      if (!kept.has(x.id))
        out.push(change([...path, i], [...label, `移除「${x.name ?? x.id}」`], inReadingOrder(x), null));
    });
    return;
  }
  if (!same(a, b)) out.push(change(path, label, a ?? null, b ?? null));
}

function change(path: (string | number)[], label: string[], before: Json, after: Json): CampaignChange {
  return { path: path.join('.'), label: label.join(' · '), before: before ?? null, after: after ?? null };
}
