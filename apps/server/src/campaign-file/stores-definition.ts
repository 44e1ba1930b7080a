import { z } from 'zod';
import type { Db, Executor } from '../db';
import { own } from '../db/owners';
import { parseHours } from '../modules/stores/hours';
import * as storesRepo from '../modules/stores/repo';
import * as corpRepo from '../platform/tenancy';

// The stores sections of the campaign file (`stores`, `storeLists`) and the CSV import
// (`npm run cli -- stores import <file.csv> --corp X --list Y`): one validation for both.

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (1-64)');

const hoursText = z
  .string()
  .min(1)
  .superRefine((v, ctx) => {
    try {
      parseHours(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });

/** One store; coordinates are GCJ-02 and must lie in China (where GCJ-02 applies). */
export const storeFieldsSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(2).max(40),
  address: z.string().trim().min(5).max(120),
  cityCode: z.string().regex(/^\d{6}$/, 'a six-digit GB/T 2260 city code'),
  cityName: z.string().trim().min(2).max(20),
  phone: z.string().regex(/^\+?[\d\s-]{5,20}$/, 'digits, spaces, dashes, an optional leading +'),
  lng: z.coerce.number().min(73).max(136, 'GCJ-02 longitude in China: 73–136'),
  lat: z.coerce.number().min(3).max(54, 'GCJ-02 latitude in China: 3–54'),
  hours: hoursText,
});
export type StoreFields = z.output<typeof storeFieldsSchema>;

export const storeDefSchema = storeFieldsSchema.extend({ corp: idSchema }).strict();
export const storeListDefSchema = z
  .object({
    id: idSchema,
    corp: idSchema,
    name: z.string().trim().min(1).max(40),
    stores: z.array(idSchema).default([]),
    /** The activities whose prizes these stores redeem. */
    activities: z.array(idSchema).default([]),
  })
  .strict();

/**
 * Cross-references: a list's stores and activities must be defined in this file when it defines any of that
 * corp (a typo is named with its line); a file adding only a list may name ones already imported, which the
 * import checks (applyStores).
 */
export function checkStoreRefs(
  d: {
    stores: z.output<typeof storeDefSchema>[];
    storeLists: z.output<typeof storeListDefSchema>[];
    activities: { id: string; corp: string }[];
  },
  ctx: z.RefinementCtx,
) {
  const check = (key: 'stores' | 'activities', defined: { id: string; corp: string }[], what: string) => {
    const ids = new Set(defined.map((x) => `${x.corp}|${x.id}`));
    const corps = new Set(defined.map((x) => x.corp));
    d.storeLists.forEach((l, i) => {
      if (!corps.has(l.corp)) return;
      l[key].forEach((id, j) => {
        if (!ids.has(`${l.corp}|${id}`))
          ctx.addIssue({
            code: 'custom',
            path: ['storeLists', i, key, j],
            message: `${what} "${id}" is not defined in this file`,
          });
      });
    });
  };
  check('stores', d.stores, 'store');
  check('activities', d.activities, 'activity');
}

function storeRow(corpId: string, s: StoreFields, now: number) {
  return {
    corp_id: corpId,
    id: s.id,
    name: s.name,
    address: s.address,
    city_code: s.cityCode,
    city_name: s.cityName,
    phone: s.phone.trim(),
    lng: s.lng,
    lat: s.lat,
    hours: JSON.stringify(parseHours(s.hours)),
    created_at: now,
    updated_at: now,
  };
}

/** Inside the import's transaction: stores are upserted, each list becomes exactly what the file says. */
export async function applyStores(
  tx: Executor,
  def: { stores: z.output<typeof storeDefSchema>[]; storeLists: z.output<typeof storeListDefSchema>[] },
  now: number,
) {
  for (const s of def.stores) await storesRepo.upsertStore(own('stores', tx), storeRow(s.corp, s, now));
  for (const l of def.storeLists) {
    const known = await storesRepo.existingStoreIds(own('stores', tx), l.corp, l.stores);
    const missing = l.stores.filter((id) => !known.has(id));
    if (missing.length)
      throw new Error(`store list ${l.id}: store(s) ${missing.join(', ')} of corp "${l.corp}" do not exist`);
    await storesRepo.upsertList(own('stores', tx), l.corp, l.id, l.name, now);
    await storesRepo.replaceList(own('stores', tx), l.corp, l.id, l.stores, l.activities);
  }
  return { stores: def.stores.length, storeLists: def.storeLists.length };
}

/** A CSV that cannot be imported: every problem with its file and line. */
export class StoresCsvError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid stores CSV:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export const CSV_COLUMNS = ['id', 'name', 'address', 'cityCode', 'cityName', 'lng', 'lat', 'hours', 'phone'] as const;

/** Splits one CSV line (RFC 4180 quoting: "a, b" and "" for a quote inside). */
function splitCsvLine(line: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (quoted) return null;
  out.push(cur);
  return out;
}

/**
 * Parses a stores CSV (UTF-8, a header row naming the columns of CSV_COLUMNS in any order); every problem
 * names its line and field, and nothing is imported while any remain.
 */
export function parseStoresCsv(text: string, fileName = 'stores.csv'): StoreFields[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '')?.map((h) => h.trim()) ?? [];
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new StoresCsvError([`${fileName}:1: header: missing column(s) ${missing.join(', ')}`]);
  const problems: string[] = [];
  const out: StoreFields[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((line, i) => {
    const n = i + 2;
    if (!line.trim()) return;
    const cells = splitCsvLine(line);
    if (!cells) {
      problems.push(`${fileName}:${n}: unterminated quote`);
      return;
    }
    if (cells.length !== header.length) {
      problems.push(`${fileName}:${n}: ${cells.length} fields, the header has ${header.length}`);
      return;
    }
    const record = Object.fromEntries(header.map((h, j) => [h, cells[j]?.trim() ?? '']));
    const r = storeFieldsSchema.safeParse(record);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push(`${fileName}:${n}: ${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const first = seen.get(r.data.id);
    if (first !== undefined) {
      problems.push(`${fileName}:${n}: id: store "${r.data.id}" is also on line ${first}`);
      return;
    }
    seen.set(r.data.id, n);
    out.push(r.data);
  });
  if (problems.length) throw new StoresCsvError(problems);
  if (out.length === 0) throw new StoresCsvError([`${fileName}: no stores`]);
  return out;
}

/** The CSV's stores into a corp, all added to one list (created if new); one transaction. */
export async function importStoresCsv(
  db: Db,
  corpId: string,
  listId: string,
  listName: string | undefined,
  stores: StoreFields[],
  now: number,
) {
  return db.transaction().execute(async (tx) => {
    if (!(await corpRepo.corpExists(tx, corpId))) throw new StoresCsvError([`corp "${corpId}" does not exist`]);
    for (const s of stores) await storesRepo.upsertStore(own('stores', tx), storeRow(corpId, s, now));
    const list = await storesRepo.getList(own('stores', tx), corpId, listId);
    await storesRepo.upsertList(own('stores', tx), corpId, listId, listName ?? list?.name ?? listId, now);
    await storesRepo.addToList(
      own('stores', tx),
      corpId,
      listId,
      stores.map((s) => s.id),
    );
    return { corp: corpId, list: listId, stores: stores.length };
  });
}
