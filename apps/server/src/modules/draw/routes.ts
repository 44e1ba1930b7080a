import { COOKIES, type drawEndpoints, grayFlagFromCookie } from '@campaign/contract';
import type { FastifyReply } from 'fastify';
import type { Sealer } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { DrawService } from './service';

/** When the request arrived: the wait for the database counts from here, not from the queue (ADR 0053). */
const arrivedAt = (reply: FastifyReply) => Date.now() - reply.elapsedTime;

export function drawHandlers(svc: DrawService, sealer: Sealer): HandlersOf<typeof drawEndpoints> {
  return {
    activitySurplus: async ({ corp, user, query }) => ({
      actId: query.actId,
      surplusInfo: await svc.surplus(corp, user, query.actId),
    }),
    // The idempotency key was checked by the platform against the contract's headers schema.
    lottery: async ({ corp, user, body, headers, req, reply }) =>
      svc.draw(corp, user, {
        actId: body.actId,
        idemKey: headers['idempotency-key'],
        via: 'lottery',
        ip: req.ip,
        deviceId: body.deviceId ?? null,
        grayFlag: null,
        nuid: user.nuid,
        receivedAt: arrivedAt(reply),
      }),
    roccLottery: async ({ corp, user, body, query, headers, req, reply }) => {
      // The nuid in the query is the encid value; when present it must be this user's.
      if (query.nuid && sealer.open(corp.id, query.nuid) !== user.nuid) throw new AppError('FORBIDDEN');
      const grayFlag = query.grayflag
        ? (Number(query.grayflag) as 0 | 1)
        : grayFlagFromCookie(req.cookies[COOKIES.grayTag]);
      return svc.draw(corp, user, {
        actId: body.actId,
        idemKey: headers['idempotency-key'],
        via: 'rocc',
        ip: req.ip,
        deviceId: body.deviceId ?? null,
        grayFlag,
        nuid: user.nuid,
        receivedAt: arrivedAt(reply),
      });
    },
    verifyActivity: async ({ corp, query }) => svc.verify(corp.id, query.actId),
  };
}
