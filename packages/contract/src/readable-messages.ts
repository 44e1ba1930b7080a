import { CAMPAIGN_KIND_LABELS, CAMPAIGN_STATE_LABELS } from './campaign-draft';

// The words of readable values (readable.ts): what the approver's diff and the audit trail write for yes, no,
// nothing, no limit, and the Chinese names of the enums a draft or an audit record holds. Field labels are
// field-labels.ts's; this is the values' half.

export const VALUE_WORDS = {
  yes: '是',
  no: '否',
  none: '（无）',
  unlimited: '不限',
  other: '其他设置',
  rowAt: '第 {n} 项',
  listSep: '、',
  field: '{label}：{value}',
  rowSep: '；',
  cellSep: '，',
  labelSep: ' · ',
  more: '…',
  whiteList: '{name}（{rows} 行）',
  whiteListUnnamed: '已上传的名单（{rows} 行）',
  listUploaded: '已上传的名单',
  image: '（图片）',
  count: '共 {n} 个',
  afterPublish: '发布后 {n} 天',
  slotPage: '{kind}入口',
  secondFactorNew: '已重置，下次登录重新绑定',
  secretChanged: '（已更换）',
} as const;

/** Enum values by what they are: the formatter picks the set from the field's key and its parent. */
export const VALUE_LABELS = {
  campaignKind: CAMPAIGN_KIND_LABELS as Readonly<Record<string, string>>,
  campaignState: CAMPAIGN_STATE_LABELS as Readonly<Record<string, string>>,
  revisionState: {
    draft: '修订草稿',
    submitted: '修订待审批',
    changes_requested: '修订需修改',
    rejected: '修订已驳回',
  },
  prizeKind: { coupon: '优惠券', physical: '实物', points: '积分', thanks: '谢谢参与' },
  taskKind: { signin: '签到', draw: '抽奖', visit: '浏览', invite: '邀请' },
  taskPeriod: { daily: '每天', once: '仅一次', perInvitee: '每邀请一人' },
  releaseEvery: { day: '每天', hour: '每小时（整点）' },
  role: { operator: '运营（制作）', approver: '审批（复核）', auditor: '审计', admin: '管理员', clerk: '门店核销' },
  decision: { approve: '批准', request_changes: '要求修改', reject: '驳回', submit: '提交审批' },
  signInMethod: { password: '密码与动态码', sso: '单点登录' },
  reportKind: { winners: '中奖名单', orders: '实物订单', redemptions: '核销记录', coupons: '券码', audit: '审计日志' },
  encoding: { utf8: 'UTF-8', 'utf-8': 'UTF-8', gbk: 'GBK' },
  throttleScope: { pair: '账号与地址', address: '地址' },
  signInFailure: {
    disabled: '账号已停用',
    'no-role': '没有控制台岗位',
    password: '密码错误',
    totp: '动态码错误',
    throttled: '尝试过多，已限制',
    'unknown-login': '登录名不存在',
    'sso-no-role': '单点登录：没有控制台岗位',
    'sso-no-transaction': '单点登录：会话已失效',
    'sso-refused': '单点登录：身份提供方拒绝',
    'sso-unknown-staff': '单点登录：未找到对应人员',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;
export type ValueSet = keyof typeof VALUE_LABELS;
