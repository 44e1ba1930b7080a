import { COOKIES, type consoleEndpoints } from '@campaign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_COOKIE_PATH,
  clearConsoleSessionCookie,
  setConsoleSessionCookie,
} from '../../platform/console-session';
import type { HandlersOf } from '../../platform/http';
import { SSO_TRANSACTION_MS } from './oidc';
import { actingOf, type ConsoleService } from './service';

/** The single sign-on in progress: sealed, this browser only, 10 minutes, sent back on the provider's return. */
function setSsoCookie(req: FastifyRequest, reply: FastifyReply, sealed: string) {
  reply.setCookie(COOKIES.consoleSso, sealed, {
    path: CONSOLE_COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level navigation from its own site.
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: SSO_TRANSACTION_MS / 1000,
  });
}

export function consoleHandlers(svc: ConsoleService): HandlersOf<typeof consoleEndpoints> {
  return {
    consoleSignInOptions: async ({ corp }) => svc.signingIn.signInOptions(corp),
    consoleSignIn: async ({ corp, body, req, reply }) => {
      const r = await svc.signingIn.signIn(corp, body, req.ip, req.cookies[COOKIES.consoleSession]);
      setConsoleSessionCookie(req, reply, r.token, r.maxAgeMs);
      return r.me;
    },
    consoleSsoStart: async ({ corp, req, reply }) => {
      const { url, sealed } = await svc.signingIn.ssoStart(corp, `${req.protocol}://${req.host}`);
      setSsoCookie(req, reply, sealed);
      return { url };
    },
    consoleSsoCallback: async ({ corp, body, req, reply }) => {
      const sealed = req.cookies[COOKIES.consoleSso];
      // The transaction is used once, whatever the outcome.
      reply.clearCookie(COOKIES.consoleSso, { path: CONSOLE_COOKIE_PATH });
      const r = await svc.signingIn.ssoCallback(
        corp,
        sealed,
        body.callbackQuery,
        req.ip,
        req.cookies[COOKIES.consoleSession],
      );
      setConsoleSessionCookie(req, reply, r.token, r.maxAgeMs);
      return r.me;
    },
    consoleMe: async ({ corp, console: who }) => svc.signingIn.me(corp, who),
    consoleSignOut: async ({ console: who, req, reply }) => {
      await svc.signingIn.signOut(who, req.cookies[COOKIES.consoleSession], req.ip);
      clearConsoleSessionCookie(reply);
      return null;
    },
    consoleStaffList: async ({ console: who, query }) =>
      svc.staffAdmin.listStaff(who.corpId, query.q, query.page, query.pageSize),
    consoleStaffAdd: async ({ console: who, body, req }) =>
      svc.staffAdmin.addStaff(actingOf(who, req.ip), who.corpId, body),
    consoleStaffRoles: async ({ console: who, body, req }) =>
      svc.staffAdmin.setRoles(actingOf(who, req.ip), who.corpId, body.staffId, body.roles),
    consoleStaffActive: async ({ console: who, body, req }) =>
      svc.staffAdmin.setActive(actingOf(who, req.ip), who.corpId, body.staffId, body.active),
    consoleStaffResetTotp: async ({ console: who, body, req }) =>
      svc.staffAdmin.resetTotp(actingOf(who, req.ip), who.corpId, body.staffId),
    // 我的账户: the session's own member, never a staff id from the request.
    consoleAccount: async ({ console: who }) => svc.account.myAccount(who),
    consoleAccountPassword: async ({ console: who, body, req }) => svc.account.changePassword(who, req.ip, body),
    consoleAccountTotpStart: async ({ console: who }) => svc.account.startFactorChange(who),
    consoleAccountTotpConfirm: async ({ console: who, body, req }) =>
      svc.account.confirmFactorChange(who, req.ip, body),
    consoleAccountSignIns: async ({ console: who, query }) => svc.account.mySignIns(who, query.page, query.pageSize),
  };
}
