import type { FieldRule, FormRules } from '@campaign/contract/client';
import type { Rule } from 'antd/es/form';
import { t } from '../i18n';

// The contract's schema as antd rules: the rules are generated from the zod schema the server validates with
// (packages/contract client-forms.gen.ts, no zod in the browser), so the form's own checks and the server's
// answer agree. One antd rule per field, whose validator reads the generated rule.

function problem(rule: FieldRule, value: unknown): string | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return rule.optional ? null : t('form.required');
  if (typeof value !== 'string') return null;
  const v = rule.trim ? value.trim() : value;
  const n = [...v].length;
  if (rule.minLength !== undefined && n < rule.minLength) return t('form.minLength', { n: rule.minLength });
  if (rule.maxLength !== undefined && n > rule.maxLength) return t('form.maxLength', { n: rule.maxLength });
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(v)) return t('form.pattern');
  return null;
}

/** The antd rule of one generated field rule (required when the schema requires it). */
export function antdRule(rule: FieldRule): Rule {
  return {
    required: !rule.optional,
    validator: async (_, value: unknown) => {
      const text = problem(rule, value);
      if (text) throw new Error(text);
    },
  };
}

/** `rules('title')` for a Form.Item: the field's rule from the schema, none when the schema has none. */
export function rulesOf(rules: FormRules | undefined) {
  return (field: string): Rule[] => {
    const rule = rules?.[field];
    return rule ? [antdRule(rule)] : [];
  };
}
