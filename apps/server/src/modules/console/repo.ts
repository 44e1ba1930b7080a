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

/**
 * Counts one sign-in attempt under (login, ip) in one statement — a fresh window once the last one is
 * `windowMs` old — and returns the count with this attempt and the window's start: twenty at once count 1 to 20, whatever the
 * database or the number of nodes. `login` '' counts the address alone.
 */
export async function takeSignInAttempt(
  db: Own<'console'>,
  k: { corpId: string; login: string; ip: string },
  now: number,
  windowMs: number,
): Promise<{ attempts: number; windowStartedAt: number }> {
  const stale = now - windowMs;
  const r = await db
    .insertInto('console_sign_in_throttle')
    .values({ corp_id: k.corpId, login: k.login, ip: k.ip, attempts: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.columns(['corp_id', 'login', 'ip']).doUpdateSet((eb) => {
        const expired = eb('console_sign_in_throttle.window_started_at', '<=', stale);
        return {
          attempts: eb
            .case()
            .when(expired)
            .then(eb.val(1))
            .else(eb('console_sign_in_throttle.attempts', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(expired)
            .then(eb.val(now))
            .else(eb.ref('console_sign_in_throttle.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(r.attempts), windowStartedAt: Number(r.window_started_at) };
}

/** A successful sign-in gives its address's attempt back (the address counts failures only). */
export async function giveBackSignInAttempt(db: Own<'console'>, k: { corpId: string; login: string; ip: string }) {
  await db
    .updateTable('console_sign_in_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('corp_id', '=', k.corpId)
    .where('login', '=', k.login)
    .where('ip', '=', k.ip)
    .where('attempts', '>', 0)
    .execute();
}

/**
 * Forgets a login's attempts: from one address (`ip`; its owner signed in there), or from every address
 * (an unlock). Returns how many counters went.
 */
export async function clearSignInAttempts(db: Own<'console'>, corpId: string, login: string, ip?: string) {
  let q = db.deleteFrom('console_sign_in_throttle').where('corp_id', '=', corpId).where('login', '=', login);
  if (ip !== undefined) q = q.where('ip', '=', ip);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Drops the corp's counters whose window is over (a sign-in tidies up after the guessers). */
export async function dropStaleSignInAttempts(db: Own<'console'>, corpId: string, before: number) {
  await db
    .deleteFrom('console_sign_in_throttle')
    .where('corp_id', '=', corpId)
    .where('window_started_at', '<=', before)
    .execute();
}
