import { type ErrorName, maskMobile, type SessionUser } from '@campaign/contract';
import { isTransientConflict, isUniqueViolation } from '../../db/errors';
import type { Own } from '../../db/owners';
import { hmacHex, newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { endSession, type RequestUser, startSession } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { type OpenIdProvider, type OtpSender, ProviderError } from './providers';
import * as repo from './repo';
import { checkTicket } from './ticket';

export const OTP = {
  length: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  windowMs: 60 * 60_000,
  maxSendsPerWindow: 5,
  demoCode: '123456',
} as const;

export function toSessionUser(u: Pick<RequestUser, 'corpId' | 'nuid' | 'mobile' | 'openId' | 'loginMethod'>) {
  return {
    corpId: u.corpId,
    nuid: u.nuid,
    mobileMasked: u.mobile ? maskMobile(u.mobile) : null,
    openId: u.openId,
    loginMethod: u.loginMethod,
  } satisfies SessionUser;
}

/**
 * A provider's "no" is the customer's to fix; anything else (an outage, a bug) is a retry later. The
 * providers log their own failures; anything else that was thrown is logged here.
 */
function providerFailure(err: unknown, log: ServiceDeps<'auth'>['log'], refused: ErrorName, unavailable: ErrorName) {
  if (!(err instanceof ProviderError)) log.error({ err }, 'identity provider failed');
  return new AppError(err instanceof ProviderError && err.kind === 'refused' ? refused : unavailable);
}

/** Attempts of one log-in that lost a race to a simultaneous first log-in of the same customer. */
const MAX_LOGIN_ATTEMPTS = 6;

/** A concurrent log-in changed what this one read; the transaction is rolled back and run again. */
export class LostRace extends Error {}

/**
 * Runs one log-in transaction until it does not collide with a simultaneous log-in of the same customer:
 * a lost race, a unique constraint another log-in won, a deadlock or serialization failure each run it
 * again after a short random pause. Still colliding after `attempts`: a designed "try again" (409), never
 * a 500; nothing of the failed attempts is stored (each rolled back).
 */
export async function withLoginAttempts<T>(
  run: () => Promise<T>,
  attempts = MAX_LOGIN_ATTEMPTS,
  pause: (attempt: number) => Promise<void> = (n) =>
    new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * n))),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof LostRace || isUniqueViolation(err) || isTransientConflict(err))) throw err;
      if (attempt >= attempts) throw new AppError('CONFLICT_IN_FLIGHT');
      await pause(attempt);
    }
  }
}

export interface LoginResult {
  token: string;
  encid: string;
  user: SessionUser;
}

export function createAuthService(
  deps: ServiceDeps<'auth'> & { otpSender: OtpSender; openIdProvider: OpenIdProvider },
) {
  const { database, clock, config, sealer } = deps;
  const db = database.db;
  const otpKey = config.encryptionKey ?? deps.randomBytes(32);
  const hashCode = (corpId: string, mobile: string, code: string) => hmacHex(otpKey, `${corpId}:${mobile}:${code}`);

  /**
   * One log-in: `resolve` finds or creates the account inside the transaction, then a session starts.
   * First log-ins of one customer may run at the same moment; the unique constraints decide which insert
   * wins, and the others (refused, or finding a link already made) run again and join that account.
   */
  async function login(
    corp: Corp,
    method: RequestUser['loginMethod'],
    resolve: (tx: Own<'auth'>, now: number) => Promise<repo.UserRow>,
    previousToken: string | undefined,
  ): Promise<LoginResult> {
    return withLoginAttempts(() => {
      const now = clock();
      return db.transaction().execute(async (tx) => {
        const user = await resolve(tx, now);
        const token = await startSession(tx, {
          corpId: corp.id,
          userId: user.id,
          method,
          now,
          cfg: config.session,
          previousToken,
        });
        return {
          token,
          encid: sealer.seal(corp.id, user.nuid),
          user: toSessionUser({
            corpId: corp.id,
            nuid: user.nuid,
            mobile: user.mobile,
            openId: user.open_id,
            loginMethod: method,
          }),
        };
      });
    });
  }

  const newUser = (corpId: string, fields: Partial<repo.UserRow>): repo.UserRow => ({
    id: newId(),
    corp_id: corpId,
    nuid: fields.nuid ?? `u${newId()}`,
    mobile: fields.mobile ?? null,
    open_id: fields.open_id ?? null,
    created_at: clock(),
    bank_linked_at: fields.bank_linked_at ?? null,
  });

  /** The account of a phone number or open id, created on first log-in. */
  const findOrCreate =
    (corpId: string, key: { mobile: string } | { openId: string }) =>
    async (tx: Own<'auth'>): Promise<repo.UserRow> => {
      const found = await repo.findUser(tx, corpId, key);
      if (found) return found;
      const user = newUser(corpId, 'mobile' in key ? { mobile: key.mobile } : { open_id: key.openId });
      await repo.insertUser(tx, user);
      return user;
    };

  /**
   * The bank customer `uid` (docs/decisions/0031-identity-linking.md): the bank's ticket is the stronger
   * identity. Its account if there is one; else the phone-code/open-id account of the ticket's mobile,
   * adopted once with everything it won; else a new account. The bank's mobile wins over ours.
   */
  const bankCustomer =
    (corpId: string, uid: string, mobile: string | null) =>
    async (tx: Own<'auth'>, now: number): Promise<repo.UserRow> => {
      const own = await repo.findUser(tx, corpId, { nuid: uid });
      const holder = mobile ? await repo.findUser(tx, corpId, { mobile }) : undefined;
      if (own) {
        if (!mobile || own.mobile === mobile) return own;
        if (holder && holder.bank_linked_at === null) {
          // This customer also has a phone-code account: two accounts with prizes each, which only a
          // merge by the prize owners could join. Both stay; the phone code keeps reaching the other one.
          deps.log.warn(
            { corpId, userId: own.id, otherUserId: holder.id },
            'bank customer has a separate phone account',
          );
          return own;
        }
        if (holder) await repo.setMobile(tx, corpId, holder.id, null);
        await repo.setMobile(tx, corpId, own.id, mobile);
        return { ...own, mobile };
      }
      if (holder && holder.bank_linked_at === null) {
        if (!(await repo.linkToBank(tx, corpId, holder.id, uid, now))) throw new LostRace();
        return { ...holder, nuid: uid, bank_linked_at: now };
      }
      // The number belonged to another bank customer; the bank says it is this one's now.
      if (holder) await repo.setMobile(tx, corpId, holder.id, null);
      const user = newUser(corpId, { nuid: uid, mobile, bank_linked_at: now });
      await repo.insertUser(tx, user);
      return user;
    };

  return {
    async sendOtp(corp: Corp, mobile: string) {
      const now = clock();
      const existing = await repo.getOtp(db, corp.id, mobile);
      if (existing && now - existing.created_at < OTP.resendAfterMs) throw new AppError('OTP_TOO_SOON');
      const inWindow = existing && now - existing.window_started_at < OTP.windowMs;
      if (inWindow && existing.sends_in_window >= OTP.maxSendsPerWindow) throw new AppError('OTP_TOO_SOON');
      const code = String(deps.randomInt(10 ** OTP.length)).padStart(OTP.length, '0');
      const claimed = {
        corp_id: corp.id,
        mobile,
        code_hash: hashCode(corp.id, mobile, code),
        created_at: now,
        expires_at: now + OTP.ttlMs,
        attempts: 0,
        window_started_at: inWindow ? existing.window_started_at : now,
        sends_in_window: inWindow ? existing.sends_in_window + 1 : 1,
      };
      // The slot is taken before the (slow) send, so a burst of sends for one phone sends one text.
      if (!(await repo.claimOtp(db, claimed, existing))) throw new AppError('OTP_TOO_SOON');
      try {
        await deps.otpSender.send({ corpId: corp.id, mobile, code });
      } catch (err) {
        // Nothing of a send that failed stays: the customer may ask again at once.
        await repo.releaseOtp(db, claimed, existing);
        throw providerFailure(err, deps.log, 'OTP_SEND_REFUSED', 'OTP_SEND_UNAVAILABLE');
      }
      return {
        resendAfterSec: OTP.resendAfterMs / 1000,
        expiresInSec: OTP.ttlMs / 1000,
        demoCode: config.demoMode ? OTP.demoCode : null,
      };
    },

    async loginWithOtp(corp: Corp, mobile: string, code: string, previousToken?: string): Promise<LoginResult> {
      if (config.demoMode && code === OTP.demoCode) {
        await repo.deleteOtp(db, corp.id, mobile);
      } else {
        const now = clock();
        // The attempt is counted before the guess is compared, atomically: a burst of guesses cannot get
        // more than five looks at the code, and a right code after the fifth is refused.
        const taken = await repo.takeOtpAttempt(db, corp.id, mobile, now, OTP.maxAttempts);
        if (!taken) {
          const row = await repo.getOtp(db, corp.id, mobile);
          throw new AppError(row && row.expires_at > now ? 'OTP_LOCKED' : 'OTP_EXPIRED');
        }
        const codeHash = hashCode(corp.id, mobile, code);
        if (taken.code_hash !== codeHash) {
          throw new AppError(taken.attempts >= OTP.maxAttempts ? 'OTP_LOCKED' : 'OTP_WRONG');
        }
        // Of simultaneous log-ins with one code, only the one that deletes it goes on.
        if (!(await repo.deleteOtpCode(db, corp.id, mobile, codeHash))) throw new AppError('OTP_EXPIRED');
      }
      return login(corp, 'otp', findOrCreate(corp.id, { mobile }), previousToken);
    },

    async loginWithTicket(corp: Corp, ticket: string, previousToken?: string): Promise<LoginResult> {
      const now = clock();
      const check = checkTicket(ticket, corp.appSecret, corp.id, now);
      if (!check.ok) throw new AppError(check.reason);
      const { uid, mobile, nonce, exp } = check.payload;
      const fresh = await repo.claimNonce(db, corp.id, nonce, exp * 1000, now);
      if (!fresh) throw new AppError('TICKET_REPLAYED');
      return login(corp, 'ticket', bankCustomer(corp.id, uid, mobile ?? null), previousToken);
    },

    async loginWithOpenId(corp: Corp, code: string, previousToken?: string): Promise<LoginResult> {
      let openId: string;
      try {
        openId = await deps.openIdProvider.exchange({ corpId: corp.id, code });
      } catch (err) {
        // The provider has logged why; no user and no session come of it.
        throw providerFailure(err, deps.log, 'OPENID_FAILED', 'OPENID_UNAVAILABLE');
      }
      return login(corp, 'openid', findOrCreate(corp.id, { openId }), previousToken);
    },

    /**
     * One use of a ticket nonce of this corp (customer and staff tickets share the corp's signer, so they
     * share its nonces): false when it was used before.
     */
    async claimTicketNonce(corpId: string, nonce: string, expSec: number): Promise<boolean> {
      const now = clock();
      return repo.claimNonce(db, corpId, nonce, expSec * 1000, now);
    },

    async logout(token: string | undefined) {
      if (token) await endSession(db, token);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
