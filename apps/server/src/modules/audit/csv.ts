import type { AuditEntry } from '@campaign/contract';

const HEADER = [
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

/** China time, as staff read it: `2026-11-22 10:00:00`. */
export function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab / CR) neutralised with an apostrophe, so a
 * spreadsheet never runs a value someone typed as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Rows of the export; the first batch starts with the BOM and the header. */
export function auditCsv(entries: AuditEntry[], first: boolean): string {
  const lines = entries.map((e) =>
    [
      String(e.seq),
      chinaTime(e.at),
      e.actor?.id ?? '',
      e.actor?.name ?? '',
      e.actor?.roles.join('|') ?? '',
      e.ip ?? '',
      e.action,
      e.subject ?? '',
      json(e.before),
      json(e.after),
      e.prevHash,
      e.hash,
    ]
      .map(csvCell)
      .join(','),
  );
  const head = first ? `\uFEFF${HEADER.join(',')}\r\n` : '';
  return head + lines.map((l) => `${l}\r\n`).join('');
}
