import type { ComplianceDocument, DocumentConsent, DocumentSummary } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './documents-repo';

/**
 * A corp's compliance documents (用户服务协议, 隐私政策) and each account's consent to a version
 * (docs/decisions/0045-compliance-documents.md). The documents come from the campaign definition.
 */
export function createDocumentsService(deps: ServiceDeps<'auth'>) {
  const db = deps.database.db;
  const summary = (d: repo.DocumentRow): DocumentSummary => ({
    key: d.doc_key,
    title: d.title,
    version: d.version,
    effectiveAt: d.effective_at,
  });

  return {
    async list(corp: Corp): Promise<DocumentSummary[]> {
      return (await repo.currentDocuments(db, corp.id)).map(summary);
    },

    async read(corp: Corp, key: string, version: string | undefined): Promise<ComplianceDocument> {
      const d = await repo.documentVersion(db, corp.id, key, version ?? null);
      if (!d) throw new AppError('DOCUMENT_NOT_FOUND');
      return { ...summary(d), body: d.body };
    },

    /** Consent to the current versions only: agreeing to an older text than the one shown now is refused. */
    async consent(corp: Corp, user: RequestUser, docs: { key: string; version: string }[]): Promise<DocumentConsent[]> {
      const current = new Map((await repo.currentDocuments(db, corp.id)).map((d) => [d.doc_key, d]));
      for (const d of docs) {
        const now = current.get(d.key);
        if (!now) throw new AppError('DOCUMENT_NOT_FOUND');
        if (now.version !== d.version) throw new AppError('DOCUMENT_VERSION_STALE');
      }
      const at = deps.clock();
      await db.transaction().execute(async (tx) => {
        for (const d of docs) {
          await repo.insertConsent(tx, {
            corp_id: corp.id,
            user_id: user.id,
            doc_key: d.key,
            version: d.version,
            consented_at: at,
          });
        }
      });
      const mine = await this.consents(corp, user);
      return mine.filter((c) => docs.some((d) => d.key === c.key && d.version === c.version));
    },

    /** The newest consent per document, and whether it names the current version. */
    async consents(corp: Corp, user: RequestUser): Promise<DocumentConsent[]> {
      const current = new Map((await repo.currentDocuments(db, corp.id)).map((d) => [d.doc_key, d.version]));
      const seen = new Set<string>();
      const out: DocumentConsent[] = [];
      for (const c of await repo.consentsOf(db, corp.id, user.id)) {
        const isCurrent = current.get(c.doc_key) === c.version;
        // Newest first; a consent to the current version wins over a later-dated older one.
        if (seen.has(c.doc_key) && !isCurrent) continue;
        if (seen.has(c.doc_key)) {
          const i = out.findIndex((o) => o.key === c.doc_key);
          out[i] = { key: c.doc_key, version: c.version, consentedAt: c.consented_at, current: true };
          continue;
        }
        seen.add(c.doc_key);
        out.push({ key: c.doc_key, version: c.version, consentedAt: c.consented_at, current: isCurrent });
      }
      return out;
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The import's write of a corp's documents (cli/import.ts), in its transaction. */
export async function importDocuments(
  db: Own<'auth'>,
  corpId: string,
  docs: { key: string; title: string; version: string; effectiveAt: number; body: string }[],
  now: number,
) {
  for (const d of docs) {
    await repo.upsertDocument(db, {
      corp_id: corpId,
      doc_key: d.key,
      version: d.version,
      title: d.title,
      body: d.body,
      effective_at: d.effectiveAt,
      created_at: now,
    });
  }
}
