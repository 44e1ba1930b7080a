import { z } from 'zod';

/** Mainland mobile number. */
export const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, { message: 'i18n:mobile' });
export const otpCodeSchema = z.string().regex(/^\d{6}$/, { message: 'i18n:otpCode' });

/**
 * Friendly messages for field formats, by key: a schema says `{ message: 'i18n:<key>' }` and the server
 * answers in the user's language.
 */
export const FIELD_MESSAGES = {
  mobile: { 'zh-CN': '请输入正确的 11 位手机号', 'en-US': 'enter a valid 11-digit mobile number' },
  otpCode: { 'zh-CN': '请输入 6 位数字验证码', 'en-US': 'enter the 6-digit code' },
  addressName: { 'zh-CN': '收货人姓名需为 2–20 个字', 'en-US': 'the name must be 2–20 characters' },
  addressDetail: { 'zh-CN': '详细地址需为 5–120 个字', 'en-US': 'the street address must be 5–120 characters' },
  regionCode: { 'zh-CN': '请选择省、市、区', 'en-US': 'choose a province, city and district' },
  addNo: { 'zh-CN': '地址编号无效', 'en-US': 'the address number is invalid' },
  taskId: { 'zh-CN': '任务编号无效', 'en-US': 'the task id is invalid' },
  nulCharacter: { 'zh-CN': '不能包含空字符（U+0000）', 'en-US': 'must not contain the NUL character (U+0000)' },
  storeId: { 'zh-CN': '门店编号无效', 'en-US': 'the store id is invalid' },
  storeListId: { 'zh-CN': '门店列表编号无效', 'en-US': 'the store list id is invalid' },
  consoleLogin: {
    'zh-CN': '登录名为 3–64 位字母、数字或 . _ @ -',
    'en-US': 'the login is 3–64 letters, digits or . _ @ -',
  },
  staffId: { 'zh-CN': '人员编号为 1–64 位字母、数字、_ 或 -', 'en-US': 'the staff id is 1–64 letters, digits, _ or -' },
  rolesRequired: { 'zh-CN': '请至少选择一个岗位', 'en-US': 'choose at least one role' },
  redeemCode: { 'zh-CN': '券码应为 6–40 位字母或数字', 'en-US': 'the code must be 6–40 letters or digits' },
} as const;
export const corpIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
export const actIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** No fields; unknown keys are dropped (clients add cache busters and the like). */
export const empty = z.object({});
export const noData = z.null();
/** A staff member as the console shows them: who changed something, by name (the id beside it for audit). */
export const staffRefSchema = z.object({ id: z.string(), name: z.string() });

/** The logged-in customer as the H5 sees them (never the raw mobile). */
export const sessionUserSchema = z.object({
  corpId: z.string(),
  nuid: z.string(),
  mobileMasked: z.string().nullable(),
  openId: z.string().nullable(),
  loginMethod: z.enum(['ticket', 'otp', 'openid']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
