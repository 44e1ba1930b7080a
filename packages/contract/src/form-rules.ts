/**
 * A form field's rules as plain data (no zod): generated from the contract's schema that the server
 * validates with (client-forms.gen.ts → client-forms.ts), so the form's instant feedback and the server's
 * answer come from one schema. `message` names the field message (FIELD_MESSAGES) both show.
 */
export interface FieldRule {
  /** Leading and trailing spaces do not count (the schema trims before it checks). */
  readonly trim?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression the (trimmed) value must match. */
  readonly pattern?: string;
  readonly optional?: boolean;
  readonly message?: string;
}
export type FormRules = Readonly<Record<string, FieldRule>>;

/** Whether one value keeps its field's rule. Only strings are checked; other kinds pass. */
export function keepsRule(rule: FieldRule, value: unknown): boolean {
  if (value === undefined || value === null) return rule.optional === true;
  if (typeof value !== 'string') return true;
  const v = rule.trim ? value.trim() : value;
  // Lengths in code points, as zod counts them ('😀' is one).
  const n = [...v].length;
  if (rule.minLength !== undefined && n < rule.minLength) return false;
  if (rule.maxLength !== undefined && n > rule.maxLength) return false;
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(v)) return false;
  return true;
}

/** Field → message key of each rule the input breaks; empty when the server would accept it. */
export function fieldProblems<R extends FormRules>(
  rules: R,
  input: Readonly<Record<string, unknown>>,
): Partial<Record<keyof R & string, string>> {
  const out: Partial<Record<keyof R & string, string>> = {};
  for (const [field, rule] of Object.entries(rules) as [keyof R & string, FieldRule][]) {
    if (!keepsRule(rule, input[field])) out[field] = rule.message ?? field;
  }
  return out;
}
