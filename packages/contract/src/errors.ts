import type { Locale } from './locale';

interface ErrorEntry {
  /** Envelope code. */
  readonly code: number;
  /** HTTP status the server answers with. 200 = a business refusal the client reads from the envelope. */
  readonly status: number;
  readonly message: Readonly<Record<Locale, string>>;
}

const e = (code: number, status: number, zh: string, en: string): ErrorEntry => ({
  code,
  status,
  message: { 'zh-CN': zh, 'en-US': en },
});

/**
 * The one catalogue of error codes. Codes below 1000 mirror HTTP meanings; 1xxx are platform
 * business errors, 2xxx draw/activity errors. See docs/decisions/0002-error-codes-and-statuses.md.
 */
export const ERRORS = {
  VALIDATION: e(400, 400, '请求参数有误', 'The request is invalid'),
  MALFORMED_JSON: e(40001, 400, '请求内容不是有效的 JSON', 'The request body is not valid JSON'),
  UNSUPPORTED_MEDIA: e(40002, 415, '请求内容类型不受支持', 'Unsupported content type'),
  UNAUTHENTICATED: e(401, 401, '登录状态已失效，请重新进入', 'Your login status has expired, please try re-entering'),
  FORBIDDEN: e(403, 403, '无权访问', 'Access denied'),
  CSRF: e(40301, 403, '请求来源不被允许', 'Cross-site request refused'),
  NOT_FOUND: e(404, 404, '请求的资源不存在', 'Not found'),
  CONFLICT_IN_FLIGHT: e(409, 409, '相同的请求正在处理中，请稍候', 'The same request is already being processed'),
  REQUEST_TIMEOUT: e(408, 408, '请求超时，请重试', 'The request timed out, please try again'),
  PAYLOAD_TOO_LARGE: e(413, 413, '请求内容过大', 'The request body is too large'),
  IDEMPOTENCY_MISMATCH: e(422, 422, '重复请求的参数与首次不一致', 'The repeated request differs from the first one'),
  RATE_LIMITED: e(429, 429, '操作过于频繁，请稍后再试', 'Too many requests, please try again later'),
  HEADERS_TOO_LARGE: e(431, 431, '请求头过大', 'The request headers are too large'),
  INTERNAL: e(500, 500, '服务繁忙，请稍后再试', 'Service busy, please try again later'),
  UNAVAILABLE: e(503, 503, '服务暂不可用，请稍后再试', 'Service temporarily unavailable'),

  CORP_REQUIRED: e(1000, 400, '缺少机构号 corpId', 'corpId is required'),
  CORP_UNKNOWN: e(1001, 400, '机构号不存在', 'Unknown corpId'),
  TICKET_INVALID: e(1002, 401, '登录凭证无效', 'The login ticket is invalid'),
  TICKET_EXPIRED: e(1003, 401, '登录凭证已过期', 'The login ticket has expired'),
  TICKET_REPLAYED: e(1004, 401, '登录凭证已被使用', 'The login ticket was already used'),
  OTP_WRONG: e(1005, 200, '验证码错误', 'Wrong verification code'),
  OTP_EXPIRED: e(1006, 200, '验证码已过期，请重新获取', 'The code has expired, please request a new one'),
  OTP_LOCKED: e(1007, 200, '验证码错误次数过多，请重新获取', 'Too many wrong attempts, please request a new code'),
  OTP_TOO_SOON: e(1008, 429, '验证码发送过于频繁，请稍后再试', 'Codes are being requested too often, please wait'),
  OPENID_FAILED: e(1009, 200, '获取用户标识失败', 'Could not resolve the open id'),
  DECRYPT_FAILED: e(1010, 400, '解密失败', 'Could not decrypt the data'),
  OTP_SEND_UNAVAILABLE: e(
    1011,
    503,
    '短信服务暂时不可用，验证码未发送，请稍后重试',
    'The SMS service is unavailable and no code was sent, please try again',
  ),
  OTP_SEND_REFUSED: e(
    1012,
    200,
    '验证码未能发送到该号码，请核对手机号后重试',
    'The code could not be sent to this number, please check it and try again',
  ),
  OPENID_UNAVAILABLE: e(
    1013,
    503,
    '暂时无法获取用户标识，请稍后重试',
    'The chat platform could not be reached, please try again',
  ),

  ACTIVITY_NOT_FOUND: e(2001, 200, '活动不存在', 'Activity not found'),
  ACTIVITY_NOT_STARTED: e(2002, 200, '活动尚未开始', 'The activity has not started yet'),
  ACTIVITY_ENDED: e(2003, 200, '活动已结束', 'The activity has ended'),
  ACTIVITY_PAUSED: e(2004, 200, '活动暂停中，请稍后再来', 'The activity is paused'),
  NOT_ELIGIBLE: e(2005, 200, '您暂不符合参与条件', 'You are not eligible for this activity'),
  NO_CHANCES: e(2006, 200, '抽奖次数已用完', 'No chances left'),
  RISK_REFUSED: e(2007, 200, '操作过于频繁，请稍后再试', 'Refused by risk control, please try later'),
  IDEMPOTENCY_KEY_REQUIRED: e(2008, 400, '缺少请求幂等键', 'Idempotency-Key header is required'),
  PUBLISH_REFUSED: e(2009, 400, '活动无法发布', 'The activity cannot be published'),
  PRIZE_NOT_FOUND: e(2010, 200, '奖品不存在', 'Prize not found'),
  EXCHANGE_REFUSED: e(2012, 200, '实物奖品请填写收货地址领取', 'Physical prizes are claimed with a delivery address'),
  DRAW_BUSY: e(
    2013,
    409,
    '您的上一次抽奖仍在处理中，请稍后再试',
    'Your previous draw is still being processed, please try again',
  ),
  SEED_NOT_REVEALED: e(2011, 200, '活动结束后才公布种子', 'The seed is revealed after the activity ends'),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, locale: Locale): string {
  return ERRORS[name].message[locale];
}
