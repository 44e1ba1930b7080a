import {
  CAMPAIGN_KIND_LABELS,
  CAMPAIGN_STATE_LABELS,
  type CampaignFilter,
  type CampaignKind,
  chinaTime,
} from '@campaign/contract';
import { csvCell } from '../../platform/csv';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, toRow } from './shared';

const BATCH = 500;
const HEADER = ['活动编号', '活动名称', '类型', '状态', '开始时间', '结束时间', '线上版本', '最后修改', '修改人'];

/**
 * The campaign list as the console shows it (same filters and sort, every page), as CSV: UTF-8 with a BOM so
 * spreadsheet programs read the Chinese; labels, Beijing time and names, never codes or epoch milliseconds.
 */
export async function exportCampaigns(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  corp: Corp,
  f: CampaignFilter,
): Promise<string> {
  const now = deps.clock();
  const halted = await deps.halts.halted(corp.id);
  const lines = [HEADER.join(',')];
  for (let offset = 0; ; offset += BATCH) {
    const rows = await repo.listBatch(deps.database.db, corp.id, f, offset, BATCH);
    const names = await h.names(
      corp.id,
      rows.map((r) => r.updated_by),
    );
    for (const r of rows.map((row) => toRow(row, names, now, halted))) {
      const cells = [
        r.id,
        r.title,
        CAMPAIGN_KIND_LABELS[r.kind as CampaignKind] ?? r.kind,
        CAMPAIGN_STATE_LABELS[r.state],
        chinaTime(r.startsAt),
        chinaTime(r.endsAt),
        r.version ?? '',
        chinaTime(r.updatedAt),
        r.updatedBy.name,
      ];
      lines.push(cells.map(csvCell).join(','));
    }
    if (rows.length < BATCH) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
