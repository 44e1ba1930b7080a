import { catalogue } from '../../shared/i18n';

// The campaign list's batch actions and export (beside the feature's messages.ts).

export const messages = {
  'campaigns.batch.pause': '批量暂停',
  'campaigns.batch.pauseConfirm': '暂停选中的 {n} 个活动？',
  'campaigns.batch.pauseHint': '每个活动单独暂停并记入审计；未上线或已暂停的会说明原因，其余照常暂停。',
  'campaigns.batch.pauseOk': '暂停',
  'campaigns.batch.result': '批量暂停结果',
  'campaigns.batch.summary': '已暂停 {ok} 个，未暂停 {failed} 个',
  'campaigns.batch.paused': '已暂停',
  'campaigns.batch.notPaused': '未暂停',
  'campaigns.batch.col.campaign': '活动',
  'campaigns.batch.col.result': '结果',
  'campaigns.batch.col.reason': '原因',
  'campaigns.export': '导出 CSV',
  'campaigns.exportHint': '按当前筛选和排序导出全部页',
  'campaigns.exportFailed': '导出失败，请稍后重试',
} as const;

export const lt = catalogue(messages);
