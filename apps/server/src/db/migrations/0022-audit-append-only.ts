import { type Kysely, PostgresAdapter, type QueryExecutorProvider, sql } from 'kysely';
import { isPostgres } from '../migration-helpers';

/**
 * The audit log is append-only in the database itself (docs/decisions/0331-audit-chain.md): whoever
 * can write to the database, the application's own login included, cannot change or delete an entry, and
 * the head of a corp's chain moves forward one appended entry at a time — never back over a cut tail,
 * never onto a rewritten one. An entry is taken only as the next link of its corp's chain (the head's
 * number + 1, the head's hash as its previous hash). Only DDL (dropping these triggers) gets past them;
 * the heads published outside the database (modules/audit/publish.ts) catch what is done after that.
 */
const REFUSED = 'audit: the audit log is append-only';

const SQLITE = [
  `create trigger audit_log_no_update before update on audit_log
   begin select raise(abort, '${REFUSED}: an entry is never changed'); end`,
  `create trigger audit_log_no_delete before delete on audit_log
   begin select raise(abort, '${REFUSED}: an entry is never deleted'); end`,
  `create trigger audit_log_next_link before insert on audit_log
   when not (
     (new.seq = 1 and new.prev_hash = '${'0'.repeat(64)}'
        and not exists (select 1 from audit_head h where h.corp_id = new.corp_id))
     or exists (select 1 from audit_head h where h.corp_id = new.corp_id
        and h.seq + 1 = new.seq and h.hash = new.prev_hash))
   begin select raise(abort, '${REFUSED}: an entry is the next link of its chain'); end`,
  `create trigger audit_head_no_delete before delete on audit_head
   begin select raise(abort, '${REFUSED}: a chain''s head is never deleted'); end`,
  `create trigger audit_head_first before insert on audit_head
   when not exists (select 1 from audit_log l where l.corp_id = new.corp_id and l.seq = new.seq and l.hash = new.hash)
     or (new.seq <> 1 and not exists (select 1 from audit_head h where h.corp_id = new.corp_id))
   begin select raise(abort, '${REFUSED}: a chain''s head is its newest entry'); end`,
  `create trigger audit_head_forward before update on audit_head
   when new.corp_id <> old.corp_id or new.seq <> old.seq + 1
     or not exists (select 1 from audit_log l where l.corp_id = new.corp_id and l.seq = new.seq
        and l.hash = new.hash and l.prev_hash = old.hash)
   begin select raise(abort, '${REFUSED}: a chain''s head moves forward one entry at a time'); end`,
];

const POSTGRES = [
  `create function audit_refuse() returns trigger language plpgsql as $$
   begin
     raise exception '${REFUSED}: % on % refused', tg_op, tg_table_name using errcode = 'P0001';
   end $$`,
  `create function audit_log_next_link() returns trigger language plpgsql as $$
   declare h record;
   begin
     select seq, hash into h from audit_head where corp_id = new.corp_id;
     if (not found and new.seq = 1 and new.prev_hash = '${'0'.repeat(64)}')
        or (found and h.seq + 1 = new.seq and h.hash = new.prev_hash) then
       return new;
     end if;
     raise exception '${REFUSED}: an entry is the next link of its chain' using errcode = 'P0001';
   end $$`,
  `create function audit_head_forward() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' then
       if new.corp_id = old.corp_id and new.seq = old.seq + 1 and exists (select 1 from audit_log l
           where l.corp_id = new.corp_id and l.seq = new.seq and l.hash = new.hash and l.prev_hash = old.hash) then
         return new;
       end if;
     elsif exists (select 1 from audit_log l where l.corp_id = new.corp_id and l.seq = new.seq and l.hash = new.hash)
         and (new.seq = 1 or exists (select 1 from audit_head h where h.corp_id = new.corp_id)) then
       -- An upsert's insert half: its update half is checked above.
       return new;
     end if;
     raise exception '${REFUSED}: a chain''s head moves forward one entry at a time' using errcode = 'P0001';
   end $$`,
  `create trigger audit_log_append_only before update or delete on audit_log
   for each row execute function audit_refuse()`,
  `create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_refuse()`,
  `create trigger audit_log_next_link before insert on audit_log for each row execute function audit_log_next_link()`,
  `create trigger audit_head_no_delete before delete on audit_head for each row execute function audit_refuse()`,
  `create trigger audit_head_no_truncate before truncate on audit_head
   for each statement execute function audit_refuse()`,
  `create trigger audit_head_forward before insert or update on audit_head
   for each row execute function audit_head_forward()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAuditGuards(db);
}

/** The migration undone; also what a test does to act as an attacker with DDL rights. */
export async function dropAuditGuards(db: QueryExecutorProvider): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [trigger, table] of [
      ['audit_log_append_only', 'audit_log'],
      ['audit_log_no_truncate', 'audit_log'],
      ['audit_log_next_link', 'audit_log'],
      ['audit_head_no_delete', 'audit_head'],
      ['audit_head_no_truncate', 'audit_head'],
      ['audit_head_forward', 'audit_head'],
    ])
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
    for (const f of ['audit_refuse', 'audit_log_next_link', 'audit_head_forward'])
      await sql.raw(`drop function if exists ${f}()`).execute(db);
    return;
  }
  for (const t of [
    'audit_log_no_update',
    'audit_log_no_delete',
    'audit_log_next_link',
    'audit_head_no_delete',
    'audit_head_first',
    'audit_head_forward',
  ])
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
}
