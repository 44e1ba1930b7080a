import { RISK_IMPORT_MAX_BYTES } from '@campaign/contract';
import { readCsvUpload } from '../../platform/upload-read';
import type { RiskDeps } from './context';
import { checkImport } from './import-check';

/** 批量导入's first step: the CSV checked, its valid rows masked and every bad line named; nothing is stored. */
export async function previewImport(deps: RiskDeps, corpId: string, body: unknown) {
  const { text, encoding } = await readCsvUpload(body, RISK_IMPORT_MAX_BYTES);
  const { rows, errors, errorCount } = await checkImport(deps, corpId, text);
  return {
    rows: rows.map((r) => ({
      line: r.line,
      type: r.type,
      shown: r.shown,
      reason: r.reason,
      expiresAt: r.expiresAt,
      listed: r.listed,
    })),
    errors,
    errorCount,
    encoding,
  };
}
