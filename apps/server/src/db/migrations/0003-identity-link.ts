import { type Kysely, sql } from 'kysely';

/**
 * app_user.bank_linked_at: when the account became a bank customer's (created or adopted by a host-app
 * ticket, or imported with the bank's uid). An account without it is a phone-code or open-id account a
 * ticket may adopt once (docs/decisions/0031-identity-linking.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('bank_linked_at', 'bigint').execute();
  // Accounts the service created for a phone code or an open id carry a generated nuid: "u" and 16
  // base64url characters. Every other nuid came from the bank (a ticket or an import).
  await sql`update app_user set bank_linked_at = created_at where not (nuid like 'u%' and length(nuid) = 17)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('bank_linked_at').execute();
}
