import { BUSY_CODE } from './envelope-code';
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
  // The server past capacity refused the call (load shedding, ADR 0054): nothing the caller did.
  BUSY: e(
    BUSY_CODE,
    429,
    '活动太火爆，请稍后再试',
    'So many people are taking part right now: please try again shortly',
  ),
  HEADERS_TOO_LARGE: e(431, 431, '请求头过大', 'The request headers are too large'),
  INTERNAL: e(500, 500, '服务繁忙，请稍后再试', 'Service busy, please try again later'),
  UNAVAILABLE: e(503, 503, '服务暂不可用，请稍后再试', 'Service temporarily unavailable, please try again later'),

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
  DOCUMENT_NOT_FOUND: e(1020, 404, '该文件不存在', 'No such document'),
  DOCUMENT_VERSION_STALE: e(
    1021,
    200,
    '协议内容已更新，请阅读最新版本后再同意',
    'The document has been updated: read the current version and agree again',
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
  RISK_REFUSED: e(2007, 200, '本次参与未通过活动安全校验，如有疑问请联系客服', 'Refused by the campaign’s risk check'),
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
  CODE_POOL_EMPTY: e(2019, 200, '奖品券码已发完，请稍后再试或联系活动方', 'The prize has no coupon codes left'),
  SEED_NOT_REVEALED: e(2011, 200, '活动结束后才公布种子', 'The seed is revealed after the activity ends'),

  // 3xxx: prizes reaching the customer (addresses 30xx, orders 31xx, coupons 32xx, discounts 33xx, files 34xx).
  ADDRESS_NOT_FOUND: e(3001, 404, '收货地址不存在', 'Address not found'),
  ADDRESS_LIMIT: e(3002, 200, '最多保存 20 个收货地址', 'You can keep at most 20 addresses'),
  REGION_MISMATCH: e(
    3003,
    400,
    '所选省、市、区不存在或不匹配',
    'The province, city and district do not exist or do not match',
  ),
  ORDER_NOT_FOUND: e(3101, 404, '订单不存在', 'Order not found'),
  ORDER_EXPIRED: e(
    3102,
    200,
    '已超过填写收货地址的期限，订单已失效',
    'The time to give an address has passed; the order expired',
  ),
  ORDER_STATE: e(3103, 200, '订单当前状态不可进行此操作', 'The order cannot do this in its current state'),
  COUPON_NOT_FOUND: e(3201, 404, '券不存在', 'Coupon not found'),
  COUPON_USED: e(3202, 200, '该券已使用', 'This coupon was already used'),
  COUPON_EXPIRED: e(3203, 200, '该券已过期', 'This coupon has expired'),
  DISCOUNT_NOT_FOUND: e(3301, 404, '立减活动不存在', 'Discount not found'),
  DISCOUNT_NOT_LIVE: e(3302, 200, '立减活动不在有效期内', 'The discount is not running now'),
  DISCOUNT_SOLD_OUT: e(3303, 200, '立减名额已用完', 'The discount has been used up'),
  DISCOUNT_USER_LIMIT: e(3304, 200, '您的立减次数已用完', 'You have used this discount as often as allowed'),
  DISCOUNT_NOT_APPLICABLE: e(
    3305,
    200,
    '本次支付不满足立减条件（金额、卡或商户）',
    'This payment does not qualify (amount, card or merchant)',
  ),
  DISCOUNT_RESERVATION_EXPIRED: e(
    3308,
    200,
    '支付超时未完成，立减名额已释放，请重新发起支付',
    'The payment was not completed in time; the discount was released, please pay again',
  ),
  PAYMENT_SIGN_INVALID: e(3306, 400, '支付签名无效', 'The payment signature is invalid'),
  PAYMENT_RESULT_REFUSED: e(
    3150,
    200,
    '支付结果与订单当前状态不符，未处理',
    'The payment result does not fit the order’s current state and was not applied',
  ),
  FILE_NOT_FOUND: e(3401, 404, '文件不存在', 'File not found'),

  // 4xxx: growth (offers 40xx, invites 41xx).
  OFFER_NOT_FOUND: e(4001, 200, '优惠活动不存在', 'Offer not found'),
  OFFER_NOT_ELIGIBLE: e(4002, 200, '您暂不符合领取条件', 'You are not eligible for this offer'),
  OFFER_SOLD_OUT: e(4003, 200, '礼品已领完', 'The gifts have all been taken'),
  INVITE_NOT_SET_UP: e(4101, 200, '该活动未开放邀请', 'Inviting is not open for this activity'),
  INVITE_LINK_INVALID: e(4102, 200, '邀请链接无效', 'The invite link is not valid'),
  INVITE_LINK_EXPIRED: e(
    4103,
    200,
    '邀请链接已过期，请让好友重新分享',
    'The invite link has expired, ask your friend for a new one',
  ),
  INVITE_SELF: e(4104, 200, '不能邀请自己', 'You cannot invite yourself'),
  INVITE_NOT_NEW: e(4105, 200, '仅新客户可接受邀请', 'Only new customers can accept an invite'),
  INVITE_TAKEN: e(4106, 200, '您已接受过其他好友的邀请', 'You already accepted an invite from another friend'),
  INVITE_ORIGIN_REFUSED: e(
    4108,
    400,
    '分享链接的页面地址不属于本机构',
    'The link origin is not one of this corp’s pages',
  ),
  INVITE_CAP: e(
    4107,
    200,
    '好友今日或本期邀请名额已满',
    'Your friend has reached the invite limit for today or this season',
  ),
  // 47xx: the ranking-and-task season (modules/season).
  SEASON_NOT_FOUND: e(4701, 200, '排位赛活动不存在', 'This ranking season does not exist'),
  SEASON_TASK_NOT_FOUND: e(4702, 200, '该任务不存在', 'This task does not exist'),
  SEASON_VISIT_TOO_SOON: e(4703, 200, '浏览时间还不够哦，请继续浏览', 'Stay on the page a little longer'),
  SEASON_VISIT_TOKEN: e(4704, 200, '浏览凭证无效，请重新进入页面', 'The visit token is invalid; open the page again'),
  SEASON_NOT_ENDED: e(4705, 200, '赛季尚未结束，不能结算', 'The season has not ended; it cannot be settled yet'),
  // 35xx: stores and redemption at the counter (issue 11).
  STORE_LIST_NOT_FOUND: e(3501, 404, '门店列表不存在', 'Store list not found'),
  STORE_NOT_FOUND: e(3502, 404, '门店不存在', 'Store not found'),
  STORE_NOT_SERVED: e(3504, 403, '您不是该门店的核销员', 'You are not a clerk of this store'),
  REDEEM_CODE_UNKNOWN: e(3505, 200, '券码不存在或不属于本机构', 'No such code in this organisation'),
  REDEEM_WRONG_STORE: e(3506, 200, '该奖品不能在本门店核销', 'This prize cannot be redeemed at this store'),
  REDEEM_EXPIRED: e(3507, 200, '该券已过期，不能核销', 'This ticket has expired and cannot be redeemed'),
  REDEEM_ALREADY: e(3508, 200, '该券已核销', 'This ticket was already redeemed'),
  REDEEM_USED: e(3509, 200, '该券已在线上使用', 'This ticket was already used online'),
  REDEEM_NOT_EXPIRED: e(3510, 200, '该券未过期，请直接核销', 'This ticket has not expired: redeem it directly'),
  // 5xxx: staff (50xx) and approvals (51xx).
  STAFF_ONLY: e(
    5001,
    403,
    '此功能仅限工作人员使用，请使用工作人员身份登录',
    'This is for staff only: please log in as staff',
  ),
  STAFF_ROLE_REQUIRED: e(5002, 403, '您的岗位无权进行此操作', 'Your staff role does not allow this'),
  STAFF_UNKNOWN: e(5003, 401, '该工作人员不在本机构的人员名单中', 'This staff member is not on the corp’s staff list'),
  APPROVAL_NOT_FOUND: e(5101, 404, '审批单不存在', 'Approval request not found'),
  APPROVAL_OWN_REQUEST: e(5102, 403, '不能审批自己提交的申请', 'You cannot decide a request you made'),
  APPROVAL_COMMENT_REQUIRED: e(
    5103,
    400,
    '驳回时请填写原因（至少 2 个字）',
    'Give a reason to reject (at least 2 characters)',
  ),
  APPROVAL_ALREADY_DECIDED: e(5104, 200, '该申请已处理', 'This request has already been decided'),
  PRIZE_PENDING_APPROVAL: e(
    5105,
    200,
    '奖品审核中，审核通过后即可领取',
    'This prize is being reviewed; you can claim it once approved',
  ),
  PRIZE_DECLINED: e(5106, 200, '很抱歉，该奖品未通过审核', 'Sorry, this prize was not approved'),
  RULES_CHANGE_EMPTY: e(
    5107,
    400,
    '提交的规则与当前版本一致，无需审批',
    'The proposed rules are the same as the live version: nothing to approve',
  ),
  // 6xxx: the operator console — identity (60xx), staff admin (61xx), settings (62xx).
  CONSOLE_SIGN_IN_FAILED: e(6001, 200, '登录名、密码或动态验证码不正确', 'The login, password or code is not right'),
  // The same for a login that exists and one that does not (docs/decisions/0334-sign-in-throttle.md).
  CONSOLE_LOCKED: e(6002, 200, '登录尝试次数过多，请稍后再试', 'Too many sign-in attempts: try again later'),
  CONSOLE_CSRF: e(40302, 403, '页面已过期，请刷新后重试', 'This page has expired: reload it and try again'),
  CONSOLE_NO_ROLE: e(6003, 403, '您没有控制台的岗位权限，请联系管理员', 'You hold no console role: ask an admin'),
  CONSOLE_SSO_NOT_CONFIGURED: e(6004, 404, '本机构未配置单点登录', 'Single sign-on is not set up for this corp'),
  CONSOLE_SSO_FAILED: e(6005, 200, '单点登录未完成，请重新登录', 'Single sign-on did not complete: sign in again'),
  CONSOLE_SSO_UNAVAILABLE: e(
    6006,
    503,
    '暂时无法连接身份认证服务，请稍后重试',
    'The identity provider cannot be reached, please try again',
  ),
  CONSOLE_SSO_UNKNOWN_STAFF: e(
    6007,
    200,
    '该身份不在本机构的人员名单中，或已停用',
    'This identity is not on the corp’s staff list, or is disabled',
  ),
  // 我的账户 (docs/decisions/0378-my-account.md): the form shows the first two under their inputs.
  CONSOLE_WRONG_PASSWORD: e(6008, 200, '当前密码不正确', 'The current password is not right'),
  CONSOLE_WRONG_CODE: e(6009, 200, '验证码不正确', 'The code is not right'),
  CONSOLE_FACTOR_EXPIRED: e(6010, 200, '二维码已过期，请重新生成', 'This QR code has expired: make a new one'),
  CONSOLE_ACCOUNT_THROTTLED: e(6011, 200, '验证失败次数过多，请 15 分钟后再试', 'Too many wrong answers: try later'),
  CONSOLE_STAFF_EXISTS: e(6101, 200, '该人员编号已存在', 'A staff member with this id exists'),
  CONSOLE_LOGIN_TAKEN: e(6102, 200, '该登录名已被使用', 'This login is taken'),
  CONSOLE_STAFF_NOT_FOUND: e(6103, 404, '人员不存在', 'No such staff member'),
  CONSOLE_LAST_ADMIN: e(
    6104,
    200,
    '至少需保留一名在岗的管理员，不能停用自己或移除自己的管理员岗位',
    'Keep at least one active admin: you cannot disable yourself or drop your own admin role',
  ),
  CONSOLE_NO_LOCAL_ACCOUNT: e(
    6105,
    200,
    '该人员没有本地账号（使用单点登录）',
    'This staff member has no local account',
  ),
  CONSOLE_POLICY_INVALID: e(6201, 400, '审批规则无效', 'The approval policy is not valid'),
  CONSOLE_KILL_SWITCH_CONFIRM: e(
    6202,
    400,
    '请填写原因，并输入机构号确认',
    'Give a reason and type the corp id to confirm',
  ),
  // campaign-lab (issue 23: simulation, preview, uploads, YAML, public verify), 64xx.
  CAMPAIGN_LAB_DRAFT_INVALID: e(6402, 200, '活动草稿不完整，无法执行', 'The draft is not complete enough for this'),
  PREVIEW_TOKEN_INVALID: e(6404, 401, '预览链接无效', 'The preview link is not valid'),
  PREVIEW_TOKEN_EXPIRED: e(6405, 401, '预览链接已过期，请重新生成', 'The preview link has expired: make a new one'),
  UPLOAD_TYPE: e(6406, 415, '文件类型不支持', 'This file type is not accepted'),
  UPLOAD_TOO_LARGE: e(6407, 413, '文件过大', 'The file is too large'),
  LIST_INVALID: e(6408, 200, '名单文件有误，未保存任何内容', 'The list has errors: nothing was stored'),
  YAML_INVALID: e(6409, 200, 'YAML 文件有误', 'The YAML file has errors'),
  DRAW_NOT_FOUND: e(6410, 404, '抽奖记录不存在', 'No such draw'),
  // 63xx: console campaigns (modules/campaigns, docs/decisions/0340-console-campaigns.md).
  CAMPAIGN_NOT_FOUND: e(6301, 404, '活动不存在', 'No such campaign'),
  CAMPAIGN_EXISTS: e(6302, 200, '该活动编号已被使用', 'This campaign id is taken'),
  CAMPAIGN_STALE: e(
    6303,
    409,
    '草稿已被他人修改并保存，请对照两个版本后再保存',
    'Someone else saved this draft meanwhile: compare both versions, then save again',
  ),
  CAMPAIGN_REV_CHANGED: e(
    6304,
    409,
    '内容在您打开后已被修改，请重新查看差异后再审批',
    'The change was edited after you opened it: read the diff again before deciding',
  ),
  CAMPAIGN_STATE: e(6305, 200, '活动当前状态不可进行此操作', 'The campaign cannot do this in its current state'),
  CAMPAIGN_OWN_CHANGE: e(6306, 403, '不能审批自己制作或修改的内容', 'You cannot review a change you made or edited'),
  CAMPAIGN_ALREADY_REVIEWED: e(6307, 200, '您已审批过此版本', 'You have already decided this version'),
  CAMPAIGN_COMMENT_REQUIRED: e(
    6308,
    400,
    '退回修改或驳回时请填写原因（至少 2 个字）',
    'Give a reason to request changes or reject (at least 2 characters)',
  ),
  CAMPAIGN_INVALID: e(6309, 400, '活动内容未通过检查', 'The campaign does not pass the checks'),
  CAMPAIGN_ALREADY_DECIDED: e(
    6310,
    200,
    '此次提交已由其他审批人审批完毕，请刷新后查看',
    'Other approvers have already decided this submission: reload to see the outcome',
  ),
  // Reports, reconciliation and alerts (issue 24).
  EXPORT_NOT_FOUND: e(
    6601,
    404,
    '导出任务不存在或文件已过期删除',
    'No such export, or its file has expired and been removed',
  ),
  EXPORT_NOT_READY: e(6602, 409, '导出尚未完成，请稍候', 'The export is not finished yet'),
  EXPORT_UNMASK_DENIED: e(
    6603,
    403,
    '仅审计员或管理员可导出明文，且须填写原因',
    'Only an auditor or an admin may export unmasked data, and only with a reason',
  ),
  EXPORT_BUSY: e(6604, 429, '导出任务过多，请等待进行中的任务完成', 'Too many exports running; wait for one to finish'),
  EXPORT_KIND_DENIED: e(6607, 403, '您的角色无权导出或下载此报表', 'Your roles may not export or download this report'),
  EXPORT_OWNER_ONLY: e(
    6608,
    403,
    '明文导出仅申请人本人可查看和下载',
    'Only the person who asked for an unmasked export may see or download it',
  ),
  RECONCILE_ACTIVITY_UNKNOWN: e(6605, 404, '活动不存在', 'No such campaign'),
  ALERT_WEBHOOK_INVALID: e(
    6606,
    400,
    'Webhook 地址须为 https 且不指向内网（本机测试可用 http），密钥至少 16 位',
    'The webhook must be a public https URL (http only to this machine outside production; internal hosts only if listed in ALERT_WEBHOOK_HOSTS) with a secret of at least 16 characters',
  ),
  // The console's notifications (issue 34).
  NOTIFICATION_NOT_FOUND: e(6801, 404, '该通知不存在', 'No such notification'),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, locale: Locale): string {
  return ERRORS[name].message[locale];
}
