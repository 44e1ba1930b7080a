import {
  CAMPAIGN_KIND_LABELS,
  CAMPAIGN_STATE_LABELS,
  FIELD_LABELS,
  fieldLabel,
  VALUE_LABELS,
} from '@campaign/contract/client';
import type { CampaignKind, RevisionState } from './api';

// The campaign screens' catalogue (zh-CN: the staff who use these screens read Chinese; field labels match the
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

/** Draft field names as staff read them: the contract's one catalogue, which the server's diff reads too. */
export const FIELD_LABEL = FIELD_LABELS;

export { fieldLabel };

/** A prize's kind as the editor offers it and the approver's diff shows it. */
export const PRIZE_KIND_LABEL: Readonly<Record<string, string>> = VALUE_LABELS.prizeKind;
