import { catalogue } from '../../shared/i18n';

// The dashboard's picker, date range and compare mode (beside the feature's messages.ts).

export const messages = {
  'dashboard.pick': '选择活动',
  'dashboard.pickHint': '输入活动名称搜索',
  'dashboard.range': '日期范围（北京时间）',
  'dashboard.rangeOn': '{from} 至 {to}',
  'dashboard.rangeStart': '开始',
  'dashboard.rangeEnd': '今天',
  'dashboard.static': '按日期查看（不实时刷新）',
  'dashboard.noChannels': '按日期查看时不分渠道统计，清空日期范围可看渠道分布。',
  'dashboard.compare': '对比',
  'dashboard.compareWith': '对比另一个活动',
  'dashboard.compareOff': '退出对比',
  'dashboard.compare.title': '两个活动对比',
  'dashboard.compare.metric': '指标',
  'dashboard.compare.claimed': '领取',
  'dashboard.compare.winRate': '中奖率',
  'dashboard.compare.pick': '选择第二个活动后并排显示',
  'dashboard.campaignName': '活动名称',
} as const;

export const st = catalogue(messages);
