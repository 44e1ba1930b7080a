import { catalogue } from '../../shared/i18n';

// 复核队列's texts (beside the feature's messages.ts): they load with the tab's own chunk.

export const messages = {
  'risk.queue.kind.prize-award': '冻结奖品',
  'risk.queue.kind.risk-appeal': '风控申诉',
  'risk.queue.kind.risk-ruleset': '风控规则生效',
  'risk.queue.kind.redemption-exception': '核销例外',
  'risk.queue.kind.rules-change': '规则变更',
  'risk.queue.filter': '按类型筛选',
  'risk.queue.filter.all': '全部',
  'risk.queue.filter.prize-award': '冻结奖品（风控及高价值）',
  'risk.queue.filter.risk-appeal': '风控申诉',
  'risk.queue.filter.risk-ruleset': '风控规则生效',
  'risk.queue.done': '已处理',
  'risk.queue.group': '分组',
  'risk.queue.group.none': '不分组',
  'risk.queue.group.device': '按设备',
  'risk.queue.group.ip': '按 IP',
  'risk.queue.group.other': '其他（无{line}）',
  'risk.queue.group.title': '{line}：{value}',
  'risk.queue.group.count': '{n} 项',
  'risk.queue.readOnly': '您的岗位只能查看复核队列，放行、退回等处理由审批人进行。',
  'risk.queue.empty': '没有待复核的事项',
  'risk.queue.emptyKind': '此类型下没有待复核的事项',
  'risk.queue.emptyDone': '还没有已处理的事项',

  'risk.queue.col.title': '事项',
  'risk.queue.col.kind': '类型',
  'risk.queue.col.requested': '提交时间',
  'risk.queue.col.due': '时限',
  'risk.queue.col.context': '关键信息',
  'risk.queue.col.result': '处理结果',
  'risk.queue.col.actions': '操作',
  'risk.queue.due.left': '剩余 {n} 小时',
  'risk.queue.due.over': '已超时',
  'risk.queue.own': '本人提交的申请须由他人处理',
  'risk.queue.open': '查看详情：{title}',
  'risk.queue.rowAction': '{action}：{title}',
  'risk.queue.status.pending': '待处理',
  'risk.queue.status.approved': '已通过',
  'risk.queue.status.rejected': '已驳回',
  'risk.queue.status.closed': '已关闭',
  'risk.queue.decidedBy': '{name} · {time}',

  'risk.queue.approve.prize-award': '放行',
  'risk.queue.reject.prize-award': '退回',
  'risk.queue.approve.risk-appeal': '申诉成立',
  'risk.queue.reject.risk-appeal': '驳回申诉',
  'risk.queue.approve.risk-ruleset': '批准生效',
  'risk.queue.reject.risk-ruleset': '驳回',
  'risk.queue.approve.other': '通过',
  'risk.queue.reject.other': '驳回',
  'risk.queue.hint.approve.prize-award': '放行后奖品即发放给客户，可以正常使用。',
  'risk.queue.hint.reject.prize-award': '退回后奖品不再发放，名额回到库存。',
  'risk.queue.hint.approve.risk-appeal': '申诉成立：原决定记为误判，命中的规则对该客户暂停 30 天。',
  'risk.queue.hint.reject.risk-appeal': '驳回申诉：原决定维持，并记为判定准确。',
  'risk.queue.hint.approve.risk-ruleset': '批准后此版本按申请灰度或全量生效，并取代同类的在用版本。',
  'risk.queue.hint.reject.risk-ruleset': '驳回后此版本继续影子运行，运营可再次申请。',

  'risk.queue.bulk.selected': '已选 {n} 项',
  'risk.queue.bulk.tooMany': '一次最多处理 {max} 项，请减少选择',
  'risk.queue.bulk.clear': '取消选择',
  'risk.queue.decide.title': '{action}（{n} 项）',
  'risk.queue.decide.comment': '意见',
  'risk.queue.decide.commentOptional': '意见（选填）',
  'risk.queue.decide.commentMin': '请填写意见（至少 2 个字）',
  'risk.queue.decide.commentMax': '意见最多 200 字',
  'risk.queue.decide.placeholderReject': '如：同一设备当日多个账户参与，判定为批量注册',
  'risk.queue.decide.submit': '确定{action}',
  'risk.queue.decided': '已处理 {n} 项',
  'risk.queue.refused': '{n} 项未能处理：',
  'risk.queue.refusedLine': '{title}：{message}',

  'risk.queue.detail.requestedBy': '提交人',
  'risk.queue.detail.requestedAt': '提交时间',
  'risk.queue.detail.due': '处理时限',
  'risk.queue.detail.status': '状态',
  'risk.queue.detail.context': '详细信息',
  'risk.queue.detail.id': '申请编号（查审计记录时使用）',
} as const;

export const qt = catalogue(messages);

/**
 * The server's context labels the queue reads (modules/approvals and modules/risk write them): data, not texts
 * of this screen, kept beside the catalogue because they are Chinese.
 */
export const LINE = {
  rules: '命中规则',
  customer: '客户',
  value: '奖品价值',
  threshold: '审批阈值',
  note: '客户说明',
  ask: '申请',
  shadow: '影子运行',
  reason: '理由',
  device: '设备',
  /** The device line of a customer who did not allow a device id: no device to group by. */
  noDevice: '未授权',
  ip: 'IP',
} as const;
