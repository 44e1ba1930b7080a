/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab / CR) neutralised with an apostrophe, so a
 * spreadsheet never runs a value someone typed as a formula (CSV injection). Every CSV the service writes
 * (the audit log's export, the reports) goes through this one function.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The audit log's columns, as the audit page exports them and as the reports' audit export writes them. */
export const AUDIT_CSV_HEADER = [
  '序号',
  '时间',
  '操作人编号',
  '操作人',
  '岗位',
  'IP',
  '操作',
  '对象',
  '变更前',
  '变更后',
  '前一条哈希',
  '本条哈希',
];
