import type { ReportsContext } from './context';
import { type ExportSpec, writeExportFile } from './export-file';
import { canExportApart, exportApart } from './export-process';

/**
 * Writes one export file: in an export process of its own (export-process.ts) unless the database lives in
 * this process's memory. `onProgress` hears the rows written so far. Used by jobs and the bench.
 */
export async function writeExport(
  { database, db }: ReportsContext,
  spec: ExportSpec,
  onProgress: (rows: number) => void = () => {},
): Promise<{ rows: number; bytes: number; peakRssMb: number | null }> {
  if (canExportApart(database)) return exportApart(database, spec, onProgress);
  const { rows, bytes } = await writeExportFile(db, spec, onProgress);
  return { rows, bytes, peakRssMb: null };
}
