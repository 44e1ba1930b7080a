import { type ErrorName, issueMessage, type Locale } from '@campaign/contract';
import type { ZodError, ZodType, z } from 'zod';
import { AppError } from './errors';

// A request's query, body and headers checked against the contract's schemas: a refusal names each field
// in the caller's language (docs/decisions/0132). http.ts registers the routes that use it.

type Where = 'query' | 'body' | 'headers';

/** The refusal as one line (`body.name …；body.detail …`): the envelope's message. */
function describeIssues(err: ZodError, where: Where, locale: Locale): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${[where, ...i.path.map(String)].join('.')} ${issueMessage(i, locale)}`)
    .join(locale === 'zh-CN' ? '；' : '; ');
}

/**
 * The refusal field by field (`{ 'body.name': '收货人姓名需为 2–20 个字' }`), the first message of each
 * field: the envelope's `fields`, which a form shows under its inputs (docs/decisions/0132).
 */
function fieldsOf(err: ZodError, where: Where, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of err.issues) {
    const path = [where, ...i.path.map(String)].join('.');
    fields[path] ??= issueMessage(i, locale);
  }
  return fields;
}

/** The value `schema` parses, or the refusal (VALIDATION unless the endpoint names another) with its fields. */
export function parseOrFail<S extends ZodType>(
  schema: S,
  value: unknown,
  where: Where,
  locale: Locale,
  error: ErrorName = 'VALIDATION',
) {
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new AppError(error, describeIssues(r.error, where, locale), { fields: fieldsOf(r.error, where, locale) });
  }
  return r.data as z.output<S>;
}
