import { CAMPAIGN_KINDS, type Locale } from '@campaign/contract';
import { locales, z } from 'zod';

// What a draft must look like to be stored at all (work in progress is saved; the checks come at submit): the
// known sections, each of its JSON type, so nothing the list copies out of it (title, window, budget) can be
// of the wrong type.

const obj = z.object({}).loose();
const draftShape = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    activity: z
      .object({
        title: z.string().max(40).optional(),
        startsAt: z.union([z.number(), z.string()]).optional(),
        endsAt: z.union([z.number(), z.string()]).optional(),
        prizes: z.array(obj).max(50).optional(),
      })
      .loose()
      .optional(),
    discount: z
      .object({
        title: z.string().max(40).optional(),
        amountCents: z.number().int().min(0).max(1e9).optional(),
        totalLimit: z.number().int().min(0).max(1e9).optional(),
      })
      .loose()
      .optional(),
    season: obj.optional(),
    invites: obj.optional(),
    stores: z
      .object({ list: obj, stores: z.array(obj).max(2000) })
      .loose()
      .optional(),
    staffList: z.array(obj).max(2000).optional(),
    banner: z.string().max(512).nullable().optional(),
    whiteList: z
      .object({ ref: z.string().max(200), rows: z.number().int().min(0) })
      .nullable()
      .optional(),
    slot: z.string().trim().max(64).optional(),
  })
  .strict();
const prizeNumbers = z.object({
  valueCents: z.number().int().min(0).max(1e9).optional(),
  stock: z.number().int().min(0).max(1e9).nullable().optional(),
  weight: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

const zodLocales = { 'zh-CN': locales.zhCN(), 'en-US': locales.en() } as const;

/** Field errors of a draft that cannot even be stored; empty when it can. */
export function shapeProblems(draft: unknown, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  const r = draftShape.safeParse(draft, { error: zodLocales[locale].localeError });
  if (!r.success) for (const i of r.error.issues) fields[i.path.join('.') || 'draft'] ??= i.message;
  const prizes = r.success ? (r.data.activity?.prizes ?? []) : [];
  prizes.forEach((p, n) => {
    const pr = prizeNumbers.safeParse(p, { error: zodLocales[locale].localeError });
    if (!pr.success)
      for (const i of pr.error.issues) fields[['activity', 'prizes', n, ...i.path].join('.')] ??= i.message;
  });
  return fields;
}
