import { featureMessages, type MessageKey as SharedKey } from '../../shared/i18n/messages';

/**
 * This feature's own strings (zh-CN and en-US), in its own chunk: they cost the first view of other screens
 * nothing (docs/decisions/0142-messages-per-feature.md). `t` also answers every key of the shared catalogue.
 */
const zhCN = {
  'approvals.subtitle': '待审批事项优先，处理记录全程留痕',
  'approvals.pending': '待审批（{n}）',
  'approvals.done': '已处理',
  'approvals.nothingPending': '暂无待审批事项',
  'approvals.nothingDone': '暂无处理记录',
  'approvals.loadFailed': '审批单加载失败',
  'approvals.kind.prize-award': '大额奖品',
  'approvals.kind.redemption-exception': '核销例外',
  'approvals.kind.rules-change': '规则变更',
  'approvals.status.pending': '待审批',
  'approvals.status.approved': '已通过',
  'approvals.status.rejected': '已驳回',
  'approvals.requestedBy': '{name} 提交',
  'approvals.decidedBy': '{name} 处理',
  'approvals.requester': '申请人',
  'approvals.requestedAt': '提交时间',
  'approvals.trail': '审批记录',
  'approvals.event.requested': '提交',
  'approvals.event.approved': '通过',
  'approvals.event.rejected': '驳回',
  'approvals.decide': '审批意见',
  'approvals.comment': '意见（驳回时必填）',
  'approvals.commentHint': '通过可不填；驳回请写明原因',
  'approvals.commentRequired': '驳回时请填写原因（至少 2 个字）',
  'approvals.approve': '通过',
  'approvals.reject': '驳回',
  'approvals.approvedToast': '已通过',
  'approvals.rejectedToast': '已驳回',
  'approvals.ownRequest': '这是您提交的申请，需由其他审批人处理',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'approvals.subtitle': 'Pending first; every decision is on record',
  'approvals.pending': 'Pending ({n})',
  'approvals.done': 'Decided',
  'approvals.nothingPending': 'Nothing waiting for you',
  'approvals.nothingDone': 'Nothing decided yet',
  'approvals.loadFailed': 'Could not load the request',
  'approvals.kind.prize-award': 'High-value prize',
  'approvals.kind.redemption-exception': 'Redemption exception',
  'approvals.kind.rules-change': 'Rules change',
  'approvals.status.pending': 'Pending',
  'approvals.status.approved': 'Approved',
  'approvals.status.rejected': 'Rejected',
  'approvals.requestedBy': 'by {name}',
  'approvals.decidedBy': 'decided by {name}',
  'approvals.requester': 'Requested by',
  'approvals.requestedAt': 'Requested at',
  'approvals.trail': 'Audit trail',
  'approvals.event.requested': 'Requested',
  'approvals.event.approved': 'Approved',
  'approvals.event.rejected': 'Rejected',
  'approvals.decide': 'Your decision',
  'approvals.comment': 'Comment (required to reject)',
  'approvals.commentHint': 'Optional to approve; give a reason to reject',
  'approvals.commentRequired': 'Give a reason to reject (at least 2 characters)',
  'approvals.approve': 'Approve',
  'approvals.reject': 'Reject',
  'approvals.approvedToast': 'Approved',
  'approvals.rejectedToast': 'Rejected',
  'approvals.ownRequest': 'You made this request: another approver decides it',
};

/** A key of this feature's strings or of the shared catalogue. */
export type MessageKey = keyof typeof zhCN | SharedKey;

export const t = featureMessages(zhCN, enUS);
