import type { Kysely } from 'kysely';

/**
 * Issue 34 §1 (modules/stores): stores become master data the console edits. A store says which prizes it
 * accepts (their names as the operator writes them, a JSON array of text): the console's store screen and the
 * campaign editor's store pickers show it. Existing stores accept nothing listed (`[]`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('store')
    .addColumn('accepts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('store_name_idx').on('store').columns(['corp_id', 'name']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('store_name_idx').execute();
  await db.schema.alterTable('store').dropColumn('accepts').execute();
}
