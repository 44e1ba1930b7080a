import { createReportsContext, type ReportsContext, type ReportsDeps } from './context';
import { downloadExport } from './download-export';
import { listJobs } from './list-jobs';
import { readJob } from './read-job';
import { startExport } from './start-export';
import { sweepExports } from './sweep-exports';
import { waitForExports } from './wait-for-exports';
import { writeExport } from './write-export';

export { type Caller, type ExportRequest, filenameOf, MAX_RUNNING, toJob } from './context';

/**
 * Exports as jobs (docs/decisions/0365-streamed-exports.md): started by a console call that is audited, run
 * in the background by an export process of its own, streamed from keyset pages into a CSV or XLSX file whose
 * progress the console polls; the file stays downloadable for `config.exports.keepMs` (an unmasked one for
 * 30 minutes, to its requester only), then the sweeper removes it. Each kind is seen only by the roles of its
 * screen, and every download is audited (ADR 0374). One use case per file; this only binds them.
 */
export function createReportsService(deps: ReportsDeps) {
  const ctx = createReportsContext(deps);
  const use =
    <A extends unknown[], R>(useCase: (c: ReportsContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    writeExport: use(writeExport),
    start: use(startExport),
    job: use(readJob),
    jobs: use(listJobs),
    file: use(downloadExport),
    sweep: use(sweepExports),
    idle: use(waitForExports),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
