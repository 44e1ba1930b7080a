import type { AuditEntry } from '@campaign/contract';
import { chinaTime } from '@campaign/contract/china-time';
import { AUDIT_CSV_HEADER, csvCell } from '../../platform/csv';

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
  const head = first ? `\uFEFF${AUDIT_CSV_HEADER.join(',')}\r\n` : '';
  return head + lines.map((l) => `${l}\r\n`).join('');
}
