// Generated from the contract schemas by `npm run contract:routes` (src/client-forms.gen.ts): do not edit.
import type { FormRules } from './form-rules';

// biome-ignore format: as generated
export const forms = {
  address: {
    name: { minLength: 2, maxLength: 20, trim: true, message: 'addressName' },
    mobile: { pattern: '^1[3-9]\\d{9}$', message: 'mobile' },
    provinceCode: { pattern: '^\\d{6}$', message: 'regionCode' },
    cityCode: { pattern: '^\\d{6}$', message: 'regionCode' },
    districtCode: { pattern: '^\\d{6}$', message: 'regionCode' },
    detail: { minLength: 5, maxLength: 120, trim: true, message: 'addressDetail' },
  },
} as const satisfies Record<string, FormRules>;
