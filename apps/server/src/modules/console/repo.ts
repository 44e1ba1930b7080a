import type { Insertable } from 'kysely';
import type { Own } from '../../db/owners';
import type { ConsoleAccountTable, ConsoleSsoTable } from '../../db/schema';

export type AccountRow = ConsoleAccountTable;
export type SsoRow = ConsoleSsoTable;

export async function accountByLogin(db: Own<'console'>, corpId: string, login: string) {
  return db
    .selectFrom('console_account')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('login', '=', login)
    .executeTakeFirst();
}

export async function accountOf(db: Own<'console'>, corpId: string, staffId: string) {
  return db
    .selectFrom('console_account')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
}

/** A new account: never signed in, no failures, no step used yet. */
export async function insertAccount(
  db: Own<'console'>,
  a: { corpId: string; staffId: string; login: string; passwordHash: string; sealedSecret: string; now: number },
): Promise<void> {
  const row: Insertable<ConsoleAccountTable> = {
    corp_id: a.corpId,
    staff_id: a.staffId,
    login: a.login,
    password_hash: a.passwordHash,
    totp_secret: a.sealedSecret,
    totp_last_step: null,
    failed_attempts: 0,
    locked_until: null,
    password_changed_at: a.now,
    last_sign_in_at: null,
    created_at: a.now,
  };
  await db.insertInto('console_account').values(row).execute();
}

export async function updateAccount(
  db: Own<'console'>,
  corpId: string,
  staffId: string,
  set: Partial<Omit<ConsoleAccountTable, 'corp_id' | 'staff_id'>>,
): Promise<void> {
  await db
    .updateTable('console_account')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('staff_id', '=', staffId)
    .execute();
}

/** Takes a TOTP step once: false when this step (or a later one) was already used. */
export async function claimTotpStep(db: Own<'console'>, corpId: string, staffId: string, step: number) {
  const r = await db
    .updateTable('console_account')
    .set({ totp_last_step: step })
    .where('corp_id', '=', corpId)
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A failure counted in one statement (two wrong passwords at once both count); the count afterwards, so
 * the caller can lock at the threshold.
 */
export async function countFailure(db: Own<'console'>, corpId: string, staffId: string): Promise<number> {
  await db
    .updateTable('console_account')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('staff_id', '=', staffId)
    .execute();
  const r = await accountOf(db, corpId, staffId);
  return r?.failed_attempts ?? 0;
}

/** The corp's staff (the declared read-only view of `staff`) with their accounts, searched and paged. */
export async function staffPage(db: Own<'console'>, corpId: string, q: string | undefined, page: number, size: number) {
  let base = db
    .selectFrom('staff')
    .leftJoin('console_account', (j) =>
      j.onRef('console_account.corp_id', '=', 'staff.corp_id').onRef('console_account.staff_id', '=', 'staff.id'),
    )
    .where('staff.corp_id', '=', corpId);
  if (q) {
    // LIKE's wildcards are dropped from the search text (SQLite has no default escape character).
    const like = `%${q.replace(/[\\%_]/g, '')}%`;
    base = base.where((eb) =>
      eb.or([eb('staff.id', 'like', like), eb('staff.name', 'like', like), eb('console_account.login', 'like', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'staff.id',
        'staff.name',
        'staff.roles',
        'staff.active',
        'staff.updated_at',
        'console_account.login',
        'console_account.locked_until',
        'console_account.last_sign_in_at',
      ])
      .orderBy('staff.active', 'desc')
      .orderBy('staff.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function staffRow(db: Own<'console'>, corpId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'roles', 'active', 'updated_at'])
    .where('corp_id', '=', corpId)
    .where('id', '=', staffId)
    .executeTakeFirst();
}

/** Active staff of the corp holding a role (roles are a JSON array: filtered here, lists are small). */
export async function activeWithRole(db: Own<'console'>, corpId: string, role: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'roles'])
    .where('corp_id', '=', corpId)
    .where('active', '=', 1)
    .execute();
  return rows.filter((r) => (JSON.parse(r.roles) as string[]).includes(role)).map((r) => r.id);
}

export async function sso(db: Own<'console'>, corpId: string) {
  return db.selectFrom('console_sso').selectAll().where('corp_id', '=', corpId).executeTakeFirst();
}

/** The corp's single sign-on as its campaign definition gives it (null: none; the row goes). */
export async function setSso(db: Own<'console'>, corpId: string, row: Omit<SsoRow, 'corp_id'> | null): Promise<void> {
  await db.deleteFrom('console_sso').where('corp_id', '=', corpId).execute();
  if (row)
    await db
      .insertInto('console_sso')
      .values({ corp_id: corpId, ...row })
      .execute();
}

/** Every account's sealed secret (the production start looks for published demo secrets). */
export async function allSecrets(db: Own<'console'>) {
  return db.selectFrom('console_account').select(['corp_id', 'staff_id', 'login', 'totp_secret']).execute();
}
