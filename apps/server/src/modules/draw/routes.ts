import { COOKIES, type drawEndpoints, grayFlagFromCookie } from '@campaign/contract';
import type { Sealer } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { DrawService } from './service';

export function drawHandlers(svc: DrawService, sealer: Sealer): HandlersOf<typeof drawEndpoints> {
  return {
    activitySurplus: async ({ corp, user, query }) => ({
      actId: query.actId,
      surplusInfo: await svc.surplus(corp, user, query.actId),
    }),
    // The idempotency key was checked by the platform against the contract's headers schema.
    lottery: async ({ corp, user, body, headers, req }) =>
      svc.draw(corp, user, {
        actId: body.actId,
        idemKey: headers['idempotency-key'],
        via: 'lottery',
        ip: req.ip,
        deviceId: body.deviceId ?? null,
        grayFlag: null,
        nuid: user.nuid,
      }),
    roccLottery: async ({ corp, user, body, query, headers, req }) => {
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
      });
    },
    verifyActivity: async ({ corp, query }) => svc.verify(corp.id, query.actId),
  };
}
