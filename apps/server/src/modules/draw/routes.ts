import { COOKIES, grayFlagFromCookie, IDEMPOTENCY_HEADER } from '@campaign/contract';
import type { FastifyRequest } from 'fastify';
import type { Sealer } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { HandlersFor } from '../../platform/http';
import type { DrawService } from './service';

type DrawEndpoints =
  | 'activityDetail'
  | 'activitySurplus'
  | 'joinDateDetail'
  | 'activityGroupDetail'
  | 'lotteryStuffInfo'
  | 'lotteryParam'
  | 'lottery'
  | 'roccLottery'
  | 'winningList'
  | 'recentWinners'
  | 'prizeConsumeRate'
  | 'exchange'
  | 'myPrizes'
  | 'activityPark'
  | 'verifyActivity';

function idemKey(req: FastifyRequest): string {
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !/^[\w.:-]{8,128}$/.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}

export function drawHandlers(svc: DrawService, sealer: Sealer): HandlersFor<DrawEndpoints> {
  return {
    activityDetail: async ({ corp, query, req }) => {
      // spec §5: the detail call succeeds only with returnCode 0 and data; a missing activity is returnCode ≠ 0.
      try {
        return { returnCode: 0, message: null, data: await svc.detail(corp, query.actId) };
      } catch (err) {
        if (err instanceof AppError && err.errorName === 'ACTIVITY_NOT_FOUND') {
          return { returnCode: err.code, message: err.messageFor('zh-CN'), data: null };
        }
        req.log.error({ err }, 'activity detail failed');
        throw err;
      }
    },
    activitySurplus: async ({ corp, user, query }) => ({
      actId: query.actId,
      surplusInfo: await svc.surplus(corp, user, query.actId),
    }),
    joinDateDetail: async ({ corp, user, body }) => svc.joinDate(corp, user, body.actId),
    activityGroupDetail: async ({ corp, query }) => svc.group(corp, query.actGroupId),
    lotteryStuffInfo: async ({ corp, query }) => svc.page(corp, query.actId),
    lotteryParam: async ({ corp, query }) => svc.param(corp, query.actId),
    lottery: async ({ corp, user, body, req }) =>
      svc.draw(corp, user, {
        actId: body.actId,
        idemKey: idemKey(req),
        via: 'lottery',
        ip: req.ip,
        deviceId: body.deviceId ?? null,
        grayFlag: null,
        nuid: user.nuid,
      }),
    roccLottery: async ({ corp, user, body, query, req }) => {
      // The nuid in the query is the encid value; when present it must be this user's.
      if (query.nuid && sealer.open(corp.id, query.nuid) !== user.nuid) throw new AppError('FORBIDDEN');
      const grayFlag = query.grayflag
        ? (Number(query.grayflag) as 0 | 1)
        : grayFlagFromCookie(req.cookies[COOKIES.grayTag]);
      return svc.draw(corp, user, {
        actId: body.actId,
        idemKey: idemKey(req),
        via: 'rocc',
        ip: req.ip,
        deviceId: body.deviceId ?? null,
        grayFlag,
        nuid: user.nuid,
      });
    },
    winningList: async ({ corp, user, query }) => svc.winningList(corp, user, query.actId),
    recentWinners: async ({ corp, query }) => svc.recentWinners(corp, query.actId),
    prizeConsumeRate: async ({ corp, query }) => svc.consumeRate(corp, query.actId),
    exchange: async ({ corp, user, body }) => svc.exchange(corp, user, body.awardId),
    myPrizes: async ({ corp, user, query }) => svc.myPrizes(corp, user, query.status),
    activityPark: async ({ corp }) => svc.park(corp),
    verifyActivity: async ({ corp, query }) => svc.verify(corp.id, query.actId),
  };
}
