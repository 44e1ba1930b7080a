import { campaignDraftShapeSchema, issueMessage, type Locale } from '@campaign/contract';

// What a draft must look like to be stored, checked or used at all (work in progress is saved; the checks come
// at submit): the contract's draft schema, every field of its JSON type, checked before any rule reads the
// draft, so nothing the list copies out of it (title, window, budget) and no rule or figure meets a wrong type.

/** Field errors of a draft that cannot even be stored, keyed by its path in the draft; empty when it can. */
export function shapeProblems(draft: unknown, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  const r = campaignDraftShapeSchema.safeParse(draft);
  if (!r.success) {
    for (const i of r.error.issues) fields[i.path.map(String).join('.') || 'draft'] ??= issueMessage(i, locale);
  }
  return fields;
}
