import type { RouteBody } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

export type AddressInput = RouteBody<'addressAdd'>;
/** The form's fields; `region` stands for the three codes the picker sets together. */
export type AddressField = 'name' | 'mobile' | 'region' | 'detail';
export type FieldErrors = Partial<Record<AddressField, string>>;

/**
 * The server's rules (packages/contract addressInputSchema), repeated for instant feedback while
 * typing; the server stays the authority and its field messages replace these. address-rules.test.ts
 * checks both agree on the same inputs.
 */
export const ADDRESS_RULES = {
  name: { min: 2, max: 20 },
  detail: { min: 5, max: 120 },
  mobile: /^1[3-9]\d{9}$/,
  regionCode: /^\d{6}$/,
} as const;

const MESSAGE: Record<AddressField, MessageKey> = {
  name: 'address.error.name',
  mobile: 'address.error.mobile',
  region: 'address.error.region',
  detail: 'address.error.detail',
};

/** Field → message key of each rule the input breaks; empty when the server would accept it. */
export function validateAddress(input: AddressInput): Partial<Record<AddressField, MessageKey>> {
  const errors: Partial<Record<AddressField, MessageKey>> = {};
  const name = input.name.trim().length;
  if (name < ADDRESS_RULES.name.min || name > ADDRESS_RULES.name.max) errors.name = MESSAGE.name;
  if (!ADDRESS_RULES.mobile.test(input.mobile)) errors.mobile = MESSAGE.mobile;
  const codes = [input.provinceCode, input.cityCode, input.districtCode];
  if (!codes.every((code) => ADDRESS_RULES.regionCode.test(code))) errors.region = MESSAGE.region;
  const detail = input.detail.trim().length;
  if (detail < ADDRESS_RULES.detail.min || detail > ADDRESS_RULES.detail.max) errors.detail = MESSAGE.detail;
  return errors;
}

const FIELD_OF_PATH: Record<string, AddressField> = {
  name: 'name',
  mobile: 'mobile',
  provinceCode: 'region',
  cityCode: 'region',
  districtCode: 'region',
  detail: 'detail',
};

/**
 * The server's validation answer, field by field. It names each field as `body.<field> <message>`,
 * joined by "；" (zh-CN) or "; " (en-US), in the customer's language (apps/server platform/http.ts);
 * parts that name no form field are returned under `rest`.
 */
export function serverFieldErrors(detail: string): { fields: FieldErrors; rest: string[] } {
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const part of detail.split(/；|; /)) {
    const text = part.trim();
    if (!text) continue;
    const m = /^body\.(\w+)\s+(.+)$/.exec(text);
    const field = m?.[1] ? FIELD_OF_PATH[m[1]] : undefined;
    if (m?.[2] && field) fields[field] ??= m[2];
    else rest.push(text);
  }
  return { fields, rest };
}
