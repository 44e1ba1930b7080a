import { type ErrorName, maskMobile, type SessionUser } from '@campaign/contract';
import type { Executor } from '../../db';
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
function providerFailure(err: unknown, log: ServiceDeps['log'], refused: ErrorName, unavailable: ErrorName) {
  if (!(err instanceof ProviderError)) log.error({ err }, 'identity provider failed');
  return new AppError(err instanceof ProviderError && err.kind === 'refused' ? refused : unavailable);
}

export interface LoginResult {
  token: string;
  encid: string;
  user: SessionUser;
}

export function createAuthService(deps: ServiceDeps & { otpSender: OtpSender; openIdProvider: OpenIdProvider }) {
  const { database, clock, config, sealer } = deps;
  const db = database.db;
  const otpKey = config.encryptionKey ?? deps.randomBytes(32);
  const hashCode = (corpId: string, mobile: string, code: string) => hmacHex(otpKey, `${corpId}:${mobile}:${code}`);

  async function login(
    corp: Corp,
    method: RequestUser['loginMethod'],
    find: (tx: Executor) => Promise<repo.UserRow | undefined>,
    create: () => repo.UserRow,
    previousToken: string | undefined,
  ): Promise<LoginResult> {
    const now = clock();
    return db.transaction().execute(async (tx) => {
      let user = await find(tx);
      if (!user) {
        user = create();
        await repo.insertUser(tx, user);
      }
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
  }

  const newUser = (corpId: string, fields: Partial<repo.UserRow>): repo.UserRow => ({
    id: newId(),
    corp_id: corpId,
    nuid: fields.nuid ?? `u${newId()}`,
    mobile: fields.mobile ?? null,
    open_id: fields.open_id ?? null,
    created_at: clock(),
  });

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
      const demoAccepted = config.demoMode && code === OTP.demoCode;
      if (!demoAccepted) {
        const now = clock();
        const row = await repo.getOtp(db, corp.id, mobile);
        if (!row || row.expires_at <= now) throw new AppError('OTP_EXPIRED');
        if (row.attempts >= OTP.maxAttempts) throw new AppError('OTP_LOCKED');
        if (row.code_hash !== hashCode(corp.id, mobile, code)) {
          await repo.countOtpAttempt(db, corp.id, mobile);
          throw new AppError(row.attempts + 1 >= OTP.maxAttempts ? 'OTP_LOCKED' : 'OTP_WRONG');
        }
      }
      await repo.deleteOtp(db, corp.id, mobile);
      return login(
        corp,
        'otp',
        (tx) => repo.findUser(tx, corp.id, { mobile }),
        () => newUser(corp.id, { mobile }),
        previousToken,
      );
    },

    async loginWithTicket(corp: Corp, ticket: string, previousToken?: string): Promise<LoginResult> {
      const now = clock();
      const check = checkTicket(ticket, corp.appSecret, corp.id, now);
      if (!check.ok) throw new AppError(check.reason);
      const { uid, mobile, nonce, exp } = check.payload;
      const fresh = await repo.claimNonce(db, corp.id, nonce, exp * 1000, now);
      if (!fresh) throw new AppError('TICKET_REPLAYED');
      const result = await login(
        corp,
        'ticket',
        (tx) => repo.findUser(tx, corp.id, { nuid: uid }),
        () => newUser(corp.id, { nuid: uid, mobile: mobile ?? null }),
        previousToken,
      );
      return result;
    },

    async loginWithOpenId(corp: Corp, code: string, previousToken?: string): Promise<LoginResult> {
      let openId: string;
      try {
        openId = await deps.openIdProvider.exchange({ corpId: corp.id, code });
      } catch (err) {
        // The provider has logged why; no user and no session come of it.
        throw providerFailure(err, deps.log, 'OPENID_FAILED', 'OPENID_UNAVAILABLE');
      }
      return login(
        corp,
        'openid',
        (tx) => repo.findUser(tx, corp.id, { openId }),
        () => newUser(corp.id, { open_id: openId }),
        previousToken,
      );
    },

    async logout(token: string | undefined) {
      if (token) await endSession(db, token);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
