import type { AuditActor, AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';

/** The console's store master data (issue 34): the module's own tables, and the audit chain every change joins. */
export type StoreAdminDeps = ServiceDeps<'stores'> & { audit: AuditPort };

/** Who is changing the stores, from where. */
export type Acting = { actor: AuditActor; ip: string };
