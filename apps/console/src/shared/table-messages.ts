import { catalogue } from './i18n';

// The shared table's own strings (column settings, selection), kept beside it.

export const messages = {
  'table.columns': '列设置',
  'table.columnsHint': '勾选要显示的列（按账号记住）',
  'table.columnsReset': '恢复默认',
  'table.selected': '已选 {n} 项',
  'table.clearSelection': '取消选择',
} as const;

export const t = catalogue(messages);
