import { type Kysely, sql } from 'kysely';

/**
 * The operator console's platform (issue 23; docs/decisions/0330, 0331, 0332):
 * - corp.campaigns_halted (+ reason, when, who): the kill switch, read by every draw within about a second;
 * - corp_settings (settings): the approval policy, N of the corp's approvers, more above a budget;
 * - console_account (console): a local account — scrypt password hash, TOTP secret sealed with
 *   ENCRYPTION_KEY, the last TOTP step used (never twice), failures and lockout;
 * - console_sso (console): the corp's OpenID Connect relying-party settings from its campaign definition
 *   (the client secret stays in the environment variable named here);
 * - console_session (platform): the third parameterisation of the one session store, with its CSRF token;
 * - audit_log, audit_head (audit): the append-only, hash-chained log, one chain per corp, and its newest link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('corp')
    .addColumn('campaigns_halted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('corp').addColumn('halted_reason', 'text').execute();
  await db.schema.alterTable('corp').addColumn('halted_at', 'bigint').execute();
  await db.schema.alterTable('corp').addColumn('halted_by', 'text').execute();

  await db.schema
    .createTable('corp_settings')
    .addColumn('corp_id', 'text', (c) => c.primaryKey())
    .addColumn('approvals_required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('above_budget_cents', 'bigint')
    .addColumn('above_required', 'integer')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('console_account')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('totp_last_step', 'bigint')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('console_account_pk', ['corp_id', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('console_account_login_idx')
    .on('console_account')
    .columns(['corp_id', 'login'])
    .unique()
    .execute();

  await db.schema
    .createTable('console_sso')
    .addColumn('corp_id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_env', 'text', (c) => c.notNull())
    .addColumn('roles_claim', 'text')
    .addColumn('staff_id_claim', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('console_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('console_session_staff_idx')
    .on('console_session')
    .columns(['corp_id', 'staff_id'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('actor_roles', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_pk', ['corp_id', 'seq'])
    .addCheckConstraint('audit_log_seq_positive', sql`seq > 0`)
    .execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['corp_id', 'action', 'seq']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['corp_id', 'actor_id', 'seq']).execute();
  await db.schema
    .createTable('audit_head')
    .addColumn('corp_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['audit_head', 'audit_log', 'console_session', 'console_sso', 'console_account', 'corp_settings']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const c of ['halted_by', 'halted_at', 'halted_reason', 'campaigns_halted']) {
    await db.schema.alterTable('corp').dropColumn(c).execute();
  }
}
