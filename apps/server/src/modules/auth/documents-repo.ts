import type { Selectable } from 'kysely';
import type { Own } from '../../db/owners';
import type { CorpDocumentTable } from '../../db/schema';

// Tables: corp_document (a corp's compliance documents by version), document_consent (an account's consent).
export type DocumentRow = Selectable<CorpDocumentTable>;

export async function currentDocuments(db: Own<'auth'>, corpId: string) {
  return db
    .selectFrom('corp_document')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('current', '=', 1)
    .orderBy('doc_key')
    .execute();
}

export async function documentVersion(db: Own<'auth'>, corpId: string, key: string, version: string | null) {
  let q = db.selectFrom('corp_document').selectAll().where('corp_id', '=', corpId).where('doc_key', '=', key);
  q = version === null ? q.where('current', '=', 1) : q.where('version', '=', version);
  return q.executeTakeFirst();
}

/** Keeps the first consent to a version (a repeat changes nothing). */
export async function insertConsent(
  db: Own<'auth'>,
  row: { corp_id: string; user_id: string; doc_key: string; version: string; consented_at: number },
) {
  await db
    .insertInto('document_consent')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'user_id', 'doc_key', 'version']).doNothing())
    .execute();
}

export async function consentsOf(db: Own<'auth'>, corpId: string, userId: string) {
  return db
    .selectFrom('document_consent')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .orderBy('consented_at', 'desc')
    .execute();
}

/**
 * The campaign definition's documents of a corp (import): every version given is kept (consents name
 * them), the given one becomes current, other versions of the same key stop being current.
 */
export async function upsertDocument(db: Own<'auth'>, row: Omit<DocumentRow, 'current'>) {
  await db
    .updateTable('corp_document')
    .set({ current: 0 })
    .where('corp_id', '=', row.corp_id)
    .where('doc_key', '=', row.doc_key)
    .where('version', '!=', row.version)
    .execute();
  await db
    .insertInto('corp_document')
    .values({ ...row, current: 1 })
    .onConflict((oc) =>
      oc
        .columns(['corp_id', 'doc_key', 'version'])
        .doUpdateSet({ title: row.title, body: row.body, effective_at: row.effective_at, current: 1 }),
    )
    .execute();
}
