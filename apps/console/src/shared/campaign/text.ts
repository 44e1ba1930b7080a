import { CAMPAIGN_KIND_LABELS, CAMPAIGN_STATE_LABELS } from '@campaign/contract/client';
import type { CampaignKind, RevisionState } from './api';

// The campaign screens' words (zh-CN: the staff who use these screens read Chinese; field labels match the
// server's diff labels).

/** The server's own words for states and kinds (packages/contract campaign-draft.ts). */
export const STATE_LABEL = CAMPAIGN_STATE_LABELS;

export const REVISION_LABEL: Record<RevisionState, string> = {
  draft: '修订草稿',
  submitted: '修订待审批',
  changes_requested: '修订需修改',
  rejected: '修订已驳回',
};

export const KIND_LABEL = CAMPAIGN_KIND_LABELS;

export const KIND_HINT: Record<CampaignKind, string> = {
  wheel: '转盘抽奖，按权重或概率出奖',
  grid: '九宫格翻牌抽奖',
  scratch: '刮开涂层即开奖',
  blindbox: '拆盲盒抽奖',
  common: '报名、领取类通用活动',
  signin: '连续签到领奖',
  newCustomer: '新开户客户领礼，可邀请好友',
  newUser: '新注册用户领礼，可邀请好友',
  ranking: '赛季任务、积分与名次档位',
  discount: '刷卡立减，按卡 BIN 与商户',
  coupon: '发放优惠券或票券',
  storeList: '参与活动的门店',
  staffList: '参与活动的员工与岗位',
};

export const REVIEW_LABEL: Record<string, string> = {
  approve: '批准',
  request_changes: '要求修改',
  reject: '驳回',
  submit: '提交审批',
};

/** Draft field names as staff read them (the path's last key; prize rows get their own labels). */
export const FIELD_LABEL: Record<string, string> = {
  title: '活动名称',
  activity: '活动',
  chances: '抽奖次数',
  eligibility: '参与资格',
  page: '页面样式',
  claim: '领奖',
  cgroupIds: '客群',
  newCustomersSince: '新客起始时间',
  blacklist: '黑名单',
  group: '活动组',
  slot: '入口位置',
  type: '活动类型',
  list: '名单',
  address: '地址',
  cityCode: '城市代码',
  cityName: '城市',
  phone: '电话',
  lng: '经度',
  lat: '纬度',
  hours: '营业时间',
  bin: '卡 BIN',
  label: '说明',
  validCards: '适用卡',
  validMerchants: '适用商户',
  from: '起始名次',
  to: '结束名次',
  prize: '奖品',
  period: '周期',
  actId: '关联活动',
  act: '关联活动',
  seconds: '停留秒数',
  activities: '活动',
  season: '赛季',
  discount: '立减',
  invites: '邀请',
  unlockAfterDraws: '第几次后解锁',
  tiers: '分段权重',
  fromDraw: '起始次数',
  buttonImage: '按钮图片',
  shareImage: '分享图片',
  corp: '机构',
  rules: '活动规则',
  subtitle: '副标题',
  startsAt: '开始时间',
  endsAt: '结束时间',
  name: '名称',
  kind: '类型',
  weight: '权重',
  probability: '概率',
  stock: '库存',
  perUserCap: '每人上限',
  perDayCap: '每日上限',
  valueCents: '价值（元）',
  consolation: '兜底奖品',
  image: '图片',
  banner: '横幅图片',
  whiteList: '白名单',
  perDay: '每日次数',
  perActivity: '活动总次数',
  amountCents: '立减金额（元）',
  thresholdCents: '满额门槛（元）',
  totalLimit: '总名额',
  perUserLimit: '每人名额',
  dailyLimit: '每日名额',
  linkTtlHours: '邀请链接有效期（小时）',
  perSeason: '每赛季邀请上限',
  tasks: '任务',
  bands: '名次档位',
  stores: '门店',
  staffList: '员工',
  roles: '岗位',
  id: '编号',
  points: '积分',
  primaryColor: '主色',
  backgroundColor: '背景色',
  textColor: '文字色',
  shareTitle: '分享标题',
  shareText: '分享文案',
  whiteListOnly: '仅白名单可参与',
  addressWindowDays: '填写地址期限（天）',
  couponValidDays: '券有效期（天）',
};

export const fieldLabel = (key: string) => FIELD_LABEL[key] ?? key;

/** A prize's kind as the editor offers it and the approver's diff shows it. */
export const PRIZE_KIND_LABEL: Record<string, string> = {
  coupon: '优惠券',
  physical: '实物',
  points: '积分',
  thanks: '谢谢参与',
};
