import type { ServiceDeps } from '../../platform/services';
import type { createHeadLedger } from './publish';

/**
 * The names of what entries were done to (a staff member, a campaign, a store), by id: the log shows names,
 * not ids (issue 34). Given by services.ts once the modules that own them exist; unknown ids are left out.
 */
export interface SubjectNamesPort {
  names(corpId: string, ids: string[]): Promise<Map<string, string>>;
}

/** What the audit use cases take: the module's deps, the ledger of published heads, the subjects' names. */
export type AuditDeps = ServiceDeps<'audit'> & {
  ledger: ReturnType<typeof createHeadLedger>;
  subjects?: SubjectNamesPort;
};
