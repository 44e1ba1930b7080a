import { catalogue } from '../../shared/i18n';

export const messages = {
  'alerts.title': '告警',
  'alerts.subtitle':
    '库存不足 5%、预算消耗超前、错误率或限流（429）过高、对账不平：在此查看，并签名推送到机构配置的 Webhook（失败自动重试）',
  'alerts.list': '告警列表',
  'alerts.empty': '暂无告警',
  'alerts.col.time': '时间',
  'alerts.col.kind': '类型',
  'alerts.col.campaign': '活动',
  'alerts.col.message': '内容',
  'alerts.col.delivery': '推送',
  'alerts.kinds.stock_low': '库存不足',
  'alerts.kinds.budget_ahead': '预算超前',
  'alerts.kinds.risk_signal': '风控信号',
  'alerts.kinds.error_rate': '错误率',
  'alerts.kinds.rate_limited': '限流',
  'alerts.kinds.reconcile_diff': '对账不平',
  'alerts.kinds.audit_head': '审计链头发布',
  'alerts.delivery.none': '未配置 Webhook',
  'alerts.delivery.pending': '重试中',
  'alerts.delivery.delivered': '已送达',
  'alerts.delivery.failed': '推送失败',
  'alerts.attempts': '第 {n} 次尝试',
  'alerts.webhook': 'Webhook',
  'alerts.webhookNone': '尚未配置：告警只在此处显示',
  'alerts.webhookAt': '{url}（{time} 由 {by} 设置）',
  'alerts.url': '地址',
  'alerts.secret': '签名密钥',
  'alerts.secretHelp': '至少 16 位；每个请求带 X-Campaign-Signature: sha256=HMAC(密钥, 时间戳.正文)',
  'alerts.save': '保存 Webhook',
  'alerts.saved': 'Webhook 已保存',
  'alerts.adminOnly': '仅管理员可修改 Webhook',
} as const;

export const t = catalogue(messages);
