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
  consoleCampaignCreate: {
    kind: {},
    title: { minLength: 1, maxLength: 40, trim: true },
    id: { pattern: '^[A-Za-z0-9_-]{1,64}$', optional: true },
  },
  consoleCampaignImportYaml: {
    yaml: { minLength: 1, maxLength: 524288 },
    id: { pattern: '^[A-Za-z0-9_-]{1,64}$', optional: true },
  },
  consoleAccountPassword: {
    currentPassword: { minLength: 1, maxLength: 200 },
    newPassword: { minLength: 10, maxLength: 200 },
  },
  consoleAccountTotpConfirm: {
    pending: { minLength: 1, maxLength: 2000 },
    currentPassword: { minLength: 1, maxLength: 200 },
    code: { pattern: '^\\d{6}$', message: 'otpCode' },
  },
} as const satisfies Record<string, FormRules>;
