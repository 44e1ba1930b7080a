import { type authEndpoints, COOKIES } from '@campaign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { HandlersOf } from '../../platform/http';
import { clearSessionCookie, setSessionCookie } from '../../platform/session';
import type { AuthService, LoginResult } from './service';
import { toSessionUser } from './service';

export function authHandlers(svc: AuthService, config: Config): HandlersOf<typeof authEndpoints> {
  const finish = (req: FastifyRequest, reply: FastifyReply, r: LoginResult) => {
    setSessionCookie(req, reply, r.token, config.session.absoluteMs);
    // encid is read by the H5 (spec §3: the request's nuid comes from it); it is sealed, so readable is safe.
    reply.setCookie(COOKIES.encid, r.encid, { path: '/', sameSite: 'lax', secure: req.protocol === 'https' });
    reply.setCookie(COOKIES.corpId, r.user.corpId, { path: '/', sameSite: 'lax', secure: req.protocol === 'https' });
    return r;
  };
  const previous = (req: FastifyRequest) => req.cookies[COOKIES.session];
  return {
    otpSend: async ({ corp, body }) => svc.sendOtp(corp, body.mobile),
    otpLogin: async ({ corp, body, req, reply }) =>
      finish(req, reply, await svc.loginWithOtp(corp, body.mobile, body.code, previous(req))).user,
    ticketLogin: async ({ corp, body, req, reply }) =>
      finish(req, reply, await svc.loginWithTicket(corp, body.ticket, previous(req))).user,
    openIdExchange: async ({ corp, body, req, reply }) => {
      const r = finish(req, reply, await svc.loginWithOpenId(corp, body.code, previous(req)));
      return r.user.openId ?? '';
    },
    wechatOpenId: async ({ user }) => user.openId,
    logout: async ({ req, reply }) => {
      await svc.logout(previous(req));
      clearSessionCookie(reply);
      reply.clearCookie(COOKIES.encid, { path: '/' });
      return null;
    },
    currentSession: async ({ user }) => (user ? toSessionUser(user) : null),
  };
}
