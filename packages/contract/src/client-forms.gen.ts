import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { addressInputSchema } from './endpoints/addresses';
import type { FieldRule } from './form-rules';
import { endpoints } from './table';

export const CLIENT_FORMS_FILE = fileURLToPath(new URL('./client-forms.ts', import.meta.url));

/** The forms the browser checks as the customer types, each by the schema the server validates it with. */
export const FORM_SCHEMAS = {
  address: addressInputSchema,
  // The console's forms, by the endpoint whose body they fill (useEndpointForm reads `forms[endpoint]`).
  consoleCampaignCreate: endpoints.consoleCampaignCreate.body,
  consoleCampaignImportYaml: endpoints.consoleCampaignImportYaml.body,
  consoleAccountPassword: endpoints.consoleAccountPassword.body,
  consoleAccountTotpConfirm: endpoints.consoleAccountTotpConfirm.body,
} as const;

/** The rule of one string field, read from its schema: lengths and pattern, trimming, its message key. */
function ruleOf(schema: z.ZodType): FieldRule | null {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  if (json.type !== 'string') return null;
  const rule: { -readonly [K in keyof FieldRule]: FieldRule[K] } = {};
  if (typeof json.minLength === 'number') rule.minLength = json.minLength;
  if (typeof json.maxLength === 'number') rule.maxLength = json.maxLength;
  if (typeof json.pattern === 'string') rule.pattern = json.pattern;
  // Trimming leaves no trace in JSON Schema: ask the schema itself.
  const probe = schema.safeParse('  xxxxxxxx  ');
  if (probe.success && probe.data === 'xxxxxxxx') rule.trim = true;
  if (schema.safeParse(undefined).success) rule.optional = true;
  const refused = schema.safeParse('');
  const message = refused.error?.issues[0]?.message;
  if (message?.startsWith('i18n:')) rule.message = message.slice(5);
  return rule;
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'` : String(value);
}

/** Source of client-forms.ts. Written by `npm run contract:routes`; client.test.ts fails when stale. */
export function renderClientForms(): string {
  const forms = Object.entries(FORM_SCHEMAS).map(([form, schema]) => {
    const fields = Object.entries(schema.shape)
      .map(([field, s]) => [field, ruleOf(s as z.ZodType)] as const)
      .filter((f): f is readonly [string, FieldRule] => f[1] !== null)
      .map(([field, rule]) => {
        const parts = Object.entries(rule).map(([k, v]) => `${k}: ${literal(v)}`);
        return parts.length ? `    ${field}: { ${parts.join(', ')} },` : `    ${field}: {},`;
      });
    return [`  ${form}: {`, ...fields, '  },'].join('\n');
  });
  return [
    '// Generated from the contract schemas by `npm run contract:routes` (src/client-forms.gen.ts): do not edit.',
    "import type { FormRules } from './form-rules';",
    '',
    '// biome-ignore format: as generated',
    'export const forms = {',
    ...forms,
    '} as const satisfies Record<string, FormRules>;',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLIENT_FORMS_FILE, renderClientForms());
  process.stdout.write(`wrote ${CLIENT_FORMS_FILE}\n`);
}
