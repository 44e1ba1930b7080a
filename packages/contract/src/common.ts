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
  storeName: { 'zh-CN': '门店名称需为 2–40 个字', 'en-US': 'the store name must be 2–40 characters' },
  storeAddress: { 'zh-CN': '门店地址需为 5–120 个字', 'en-US': 'the address must be 5–120 characters' },
  cityCode: { 'zh-CN': '城市代码为 6 位数字（如 310100）', 'en-US': 'the city code is 6 digits (e.g. 310100)' },
  cityName: { 'zh-CN': '城市名称需为 2–20 个字', 'en-US': 'the city name must be 2–20 characters' },
  storePhone: {
    'zh-CN': '电话为 5–20 位数字，可含空格、- 和开头的 +',
    'en-US': 'the phone is 5–20 digits, spaces, dashes, a leading +',
  },
  storeLng: {
    'zh-CN': '经度应在 73–136 之间（中国境内，GCJ-02）',
    'en-US': 'the longitude must be 73–136 (China, GCJ-02)',
  },
  storeLat: { 'zh-CN': '纬度应在 3–54 之间（中国境内，GCJ-02）', 'en-US': 'the latitude must be 3–54 (China, GCJ-02)' },
  storeHours: {
    'zh-CN': '营业时间如 09:00-21:00，或 Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00',
    'en-US': 'hours like 09:00-21:00, or Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00',
  },
  storeAccepts: {
    'zh-CN': '可兑奖品最多 50 个，每个不超过 40 字',
    'en-US': 'at most 50 prizes of up to 40 characters',
  },
  cardBin: { 'zh-CN': '卡 BIN 为 6–8 位数字', 'en-US': 'a card BIN is 6–8 digits' },
  merchantId: {
    'zh-CN': '商户号为 1–64 位字母、数字、_ 或 -',
    'en-US': 'the merchant id is 1–64 letters, digits, _ or -',
  },
  redeemCode: { 'zh-CN': '券码应为 6–40 位字母或数字', 'en-US': 'the code must be 6–40 letters or digits' },
  chinaDay: { 'zh-CN': '日期格式应为 YYYY-MM-DD', 'en-US': 'the day is YYYY-MM-DD' },
  listSort: { 'zh-CN': '不支持按这一列排序', 'en-US': 'the list cannot be sorted by this column' },
  listOrder: { 'zh-CN': '排序方向只能是升序或降序', 'en-US': 'the order is ascending or descending' },
} as const;

/**
 * A list's sort in its query: one of the columns the endpoint names (the server maps each to its own SQL; a
 * client never sends a column name) and the order, in antd's words.
 */
export function listSortQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    sort: z.enum(fields, { message: 'i18n:listSort' }).optional(),
    order: z.enum(['ascend', 'descend'], { message: 'i18n:listOrder' }).optional(),
  };
}
export type ListOrder = 'ascend' | 'descend';
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
