import type { Kysely } from 'kysely';

/**
 * A campaign's page shows what was done to it (its audit entries by subject), and the audit screen filters by
 * subject: this index answers both without reading the corp's whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['corp_id', 'subject', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_subject_idx').execute();
}
