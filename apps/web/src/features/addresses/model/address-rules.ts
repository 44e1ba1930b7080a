import { fieldProblems, forms, type RouteBody } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

export type AddressInput = RouteBody<'addressAdd'>;
/** The form's fields; `region` stands for the three codes the picker sets together. */
export type AddressField = 'name' | 'mobile' | 'region' | 'detail';
export type FieldErrors = Partial<Record<AddressField, string>>;

const MESSAGE: Record<AddressField, MessageKey> = {
  name: 'address.error.name',
  mobile: 'address.error.mobile',
  region: 'address.error.region',
  detail: 'address.error.detail',
};

const FIELD_OF_PATH: Record<string, AddressField> = {
  name: 'name',
  mobile: 'mobile',
  provinceCode: 'region',
  cityCode: 'region',
  districtCode: 'region',
  detail: 'detail',
};

/**
 * Field → message key of each rule the input breaks; empty when the server would accept it. The rules are
 * the server's own (packages/contract addressInputSchema), generated into `forms.address` for the browser
 * (client-forms.ts, `npm run contract:routes`): one schema drives the server's check and this feedback.
 */
export function validateAddress(input: AddressInput): Partial<Record<AddressField, MessageKey>> {
  const errors: Partial<Record<AddressField, MessageKey>> = {};
  for (const path of Object.keys(fieldProblems(forms.address, input))) {
    const field = FIELD_OF_PATH[path];
    if (field) errors[field] ??= MESSAGE[field];
  }
  return errors;
}

/**
 * The server's validation answer, field by field: the envelope's `fields` (`body.name` → message, in the
 * customer's language; docs/decisions/0132). The three region codes map to the one region picker; a field
 * the form does not have is returned under `rest`.
 */
export function serverFieldErrors(fields: Readonly<Record<string, string>>): { fields: FieldErrors; rest: string[] } {
  const out: FieldErrors = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = path.startsWith('body.') ? FIELD_OF_PATH[path.slice(5)] : undefined;
    if (field) out[field] ??= message;
    else rest.push(`${path} ${message}`);
  }
  return { fields: out, rest };
}
