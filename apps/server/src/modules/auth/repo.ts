import type { Own } from '../../db/owners';
import type { OtpCodeTable, UserTable } from '../../db/schema';

export type UserRow = UserTable;
type UserKey = { nuid: string } | { mobile: string } | { openId: string };

export async function findUser(db: Own<'auth'>, corpId: string, key: UserKey): Promise<UserRow | undefined> {
  let q = db.selectFrom('app_user').selectAll().where('corp_id', '=', corpId);
  if ('nuid' in key) q = q.where('nuid', '=', key.nuid);
  else if ('mobile' in key) q = q.where('mobile', '=', key.mobile);
  else q = q.where('open_id', '=', key.openId);
  return q.executeTakeFirst();
}

export async function insertUser(db: Own<'auth'>, row: UserRow): Promise<void> {
  await db.insertInto('app_user').values(row).execute();
}

export async function getOtp(db: Own<'auth'>, corpId: string, mobile: string): Promise<OtpCodeTable | undefined> {
  return db
    .selectFrom('otp_code')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

/**
 * Takes the phone's send slot for `row`, but only if the stored row is still `previous` (none → still none):
 * of two sends racing for one phone, one wins and the other is told false (too soon).
 */
export async function claimOtp(
  db: Own<'auth'>,
  row: OtpCodeTable,
  previous: OtpCodeTable | undefined,
): Promise<boolean> {
  if (previous) {
    const { corp_id, mobile, ...rest } = row;
    const r = await db
      .updateTable('otp_code')
      .set(rest)
      .where('corp_id', '=', corp_id)
      .where('mobile', '=', mobile)
      .where('code_hash', '=', previous.code_hash)
      .where('created_at', '=', previous.created_at)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  const r = await db
    .insertInto('otp_code')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'mobile']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Undoes a claim whose code never reached the customer: the row as it was before comes back (or none was),
 * so neither the code nor the resend interval nor the hourly count of the failed send remains.
 */
export async function releaseOtp(
  db: Own<'auth'>,
  claimed: OtpCodeTable,
  previous: OtpCodeTable | undefined,
): Promise<void> {
  if (previous) {
    const { corp_id, mobile, ...rest } = previous;
    await db
      .updateTable('otp_code')
      .set(rest)
      .where('corp_id', '=', corp_id)
      .where('mobile', '=', mobile)
      .where('code_hash', '=', claimed.code_hash)
      .execute();
  } else {
    await db
      .deleteFrom('otp_code')
      .where('corp_id', '=', claimed.corp_id)
      .where('mobile', '=', claimed.mobile)
      .where('code_hash', '=', claimed.code_hash)
      .execute();
  }
}

/**
 * Takes one of the code's attempts, in one conditional statement, before the guess is compared: of any
 * number of simultaneous guesses at most `maxAttempts` get a row back (and so are evaluated), on either
 * database. Undefined when the code is used up, expired or locked.
 */
export async function takeOtpAttempt(
  db: Own<'auth'>,
  corpId: string,
  mobile: string,
  now: number,
  maxAttempts: number,
): Promise<Pick<OtpCodeTable, 'code_hash' | 'attempts'> | undefined> {
  return db
    .updateTable('otp_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('mobile', '=', mobile)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
}

/** Uses up the code row only if it still holds the code that was guessed right. */
export async function deleteOtpCode(
  db: Own<'auth'>,
  corpId: string,
  mobile: string,
  codeHash: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom('otp_code')
    .where('corp_id', '=', corpId)
    .where('mobile', '=', mobile)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Uses up the code row; false when a concurrent log-in already used it. */
export async function deleteOtp(db: Own<'auth'>, corpId: string, mobile: string): Promise<boolean> {
  const r = await db
    .deleteFrom('otp_code')
    .where('corp_id', '=', corpId)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * false when the nonce was already used. The primary key decides, in one statement: of any number of
 * simultaneous uses exactly one inserts the row.
 */
export async function claimNonce(db: Own<'auth'>, corpId: string, nonce: string, expiresAt: number, now: number) {
  await db.deleteFrom('ticket_nonce').where('expires_at', '<', now).execute();
  const r = await db
    .insertInto('ticket_nonce')
    .values({ corp_id: corpId, nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['corp_id', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * A phone-code or open-id account becomes the bank customer's: it takes the bank's uid as its nuid.
 * false when it was linked meanwhile (a concurrent ticket log-in won).
 */
export async function linkToBank(db: Own<'auth'>, corpId: string, userId: string, uid: string, now: number) {
  const r = await db
    .updateTable('app_user')
    .set({ nuid: uid, bank_linked_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', userId)
    .where('bank_linked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setMobile(db: Own<'auth'>, corpId: string, userId: string, mobile: string | null): Promise<void> {
  await db.updateTable('app_user').set({ mobile }).where('corp_id', '=', corpId).where('id', '=', userId).execute();
}

export async function updateUserIdentity(
  db: Own<'auth'>,
  corpId: string,
  userId: string,
  fields: { mobile: string | null; open_id: string | null },
): Promise<void> {
  await db.updateTable('app_user').set(fields).where('corp_id', '=', corpId).where('id', '=', userId).execute();
}
