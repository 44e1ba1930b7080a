import type { ServiceDeps } from '../../platform/services';
import type { createHeadLedger } from './publish';

/** What the audit use cases take: the module's deps and the ledger of published heads. */
export type AuditDeps = ServiceDeps<'audit'> & { ledger: ReturnType<typeof createHeadLedger> };
