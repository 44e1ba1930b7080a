import type { AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';
import { appendEntry } from './append-entry';
import { chainedCorps } from './chained-corps';
import type { AuditDeps, SubjectNamesPort } from './deps';
import { exportCsv } from './export-csv';
import { listEntries } from './list-entries';
import { createHeadLedger } from './publish';
import { publishHeads } from './publish-heads';
import { subjectEntries } from './subject-entries';
import { subjectTrail } from './subject-trail';
import { verifyChain } from './verify-chain';

/**
 * The audit log (docs/decisions/0331-audit-chain.md): append-only and hash-chained per corp. Other modules
 * append through `append` (their AuditPort) inside their own transactions; the console reads, verifies
 * and exports; nothing updates or deletes an entry. One use case per file; this only binds them.
 */
export function createAuditService(base: ServiceDeps<'audit'>) {
  const ledger = createHeadLedger({ dir: base.config.auditHeads.dir, key: base.config.auditHeads.key, log: base.log });
  const deps: AuditDeps = { ...base, ledger };
  /** The subjects' names come from modules made after this one (services.ts hands them in once they exist). */
  const nameSubjectsWith = (subjects: SubjectNamesPort) => {
    deps.subjects = subjects;
  };
  const append = appendEntry.bind(null, deps);
  const port: AuditPort = { append };
  return {
    port,
    trail: { trail: subjectTrail.bind(null, deps), entries: subjectEntries.bind(null, deps) },
    append,
    verify: verifyChain.bind(null, deps),
    publishHeads: publishHeads.bind(null, deps),
    list: listEntries.bind(null, deps),
    exportCsv: exportCsv.bind(null, deps),
    corps: chainedCorps.bind(null, deps),
    nameSubjectsWith,
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
