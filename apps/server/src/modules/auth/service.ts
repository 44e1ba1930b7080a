import { maskMobile, type SessionUser } from '@campaign/contract';
import type { Executor } from '../../db';
import { hmacHex, newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { endSession, type RequestUser, startSession } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { OpenIdProvider, OtpSender } from './providers';
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
      await repo.saveOtp(
        db,
        {
          corp_id: corp.id,
          mobile,
          code_hash: hashCode(corp.id, mobile, code),
          created_at: now,
          expires_at: now + OTP.ttlMs,
          attempts: 0,
          window_started_at: inWindow ? existing.window_started_at : now,
          sends_in_window: inWindow ? existing.sends_in_window + 1 : 1,
        },
        Boolean(existing),
      );
      await deps.otpSender.send({ corpId: corp.id, mobile, code });
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
        deps.log.warn({ err, corpId: corp.id }, 'open-id exchange failed');
        throw new AppError('OPENID_FAILED');
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
