import type { Kysely } from 'kysely';

/**
 * An uploaded list is staged, then swapped in (issue 32; docs/decisions/0374-list-staging.md): its rows are stored
 * in short transactions under a list whose `state` is `staging`, which no reader takes; one small transaction
 * makes it `ready`. Every list stored before this was stored whole: `ready`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaign_list')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ready'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_list').dropColumn('state').execute();
}
