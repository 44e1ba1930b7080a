import { locale } from '../../shared/i18n';

const zh = {
  title: '告警',
  subtitle:
    '库存不足 5%、预算消耗超前、错误率或限流（429）过高、对账不平：在此查看，并签名推送到机构配置的 Webhook（失败自动重试）',
  list: '告警列表',
  empty: '暂无告警',
  col: { time: '时间', kind: '类型', campaign: '活动', message: '内容', delivery: '推送' },
  kinds: {
    stock_low: '库存不足',
    budget_ahead: '预算超前',
    error_rate: '错误率',
    rate_limited: '限流',
    reconcile_diff: '对账不平',
  },
  delivery: { none: '未配置 Webhook', pending: '重试中', delivered: '已送达', failed: '推送失败' },
  attempts: '第 {n} 次尝试',
  webhook: 'Webhook',
  webhookNone: '尚未配置：告警只在此处显示',
  webhookAt: '{url}（{time} 由 {by} 设置）',
  url: '地址',
  secret: '签名密钥',
  secretHelp: '至少 16 位；每个请求带 X-Campaign-Signature: sha256=HMAC(密钥, 时间戳.正文)',
  save: '保存 Webhook',
  saved: 'Webhook 已保存',
  adminOnly: '仅管理员可修改 Webhook',
};
type Messages = typeof zh;
const en: Messages = {
  title: 'Alerts',
  subtitle:
    'Stock under 5%, budget ahead of plan, error or 429 rate too high, a reconciliation difference: shown here and posted, signed, to the corp’s webhook (retried)',
  list: 'Alerts',
  empty: 'No alerts',
  col: { time: 'Time', kind: 'Kind', campaign: 'Campaign', message: 'Message', delivery: 'Webhook' },
  kinds: {
    stock_low: 'Low stock',
    budget_ahead: 'Budget ahead',
    error_rate: 'Error rate',
    rate_limited: 'Rate limited',
    reconcile_diff: 'Books off',
  },
  delivery: { none: 'No webhook', pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' },
  attempts: 'attempt {n}',
  webhook: 'Webhook',
  webhookNone: 'Not set: alerts are only shown here',
  webhookAt: '{url} (set {time} by {by})',
  url: 'URL',
  secret: 'Signing secret',
  secretHelp: 'At least 16 characters; each request carries X-Campaign-Signature: sha256=HMAC(secret, timestamp.body)',
  save: 'Save webhook',
  saved: 'Webhook saved',
  adminOnly: 'Only an admin changes the webhook',
};
export const m: Messages = locale === 'en-US' ? en : zh;
export const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
