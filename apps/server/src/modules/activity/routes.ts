import type { activityEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { Catalogue } from './catalogue';

export function activityHandlers(svc: Catalogue): HandlersOf<typeof activityEndpoints> {
  return {
    activityDetail: async ({ corp, query, req, locale }) => {
      // spec §5: the detail call succeeds only with returnCode 0 and data; a missing activity is returnCode ≠ 0.
      try {
        return { returnCode: 0, message: null, data: await svc.detail(corp, query.actId, locale) };
      } catch (err) {
        if (err instanceof AppError && err.errorName === 'ACTIVITY_NOT_FOUND') {
          return { returnCode: err.code, message: err.messageFor('zh-CN'), data: null };
        }
        req.log.error({ err }, 'activity detail failed');
        throw err;
      }
    },
    joinDateDetail: async ({ corp, user, body }) => svc.joinDate(corp, user, body.actId),
    activityGroupDetail: async ({ corp, query }) => svc.group(corp, query.actGroupId),
    lotteryStuffInfo: async ({ corp, query }) => svc.page(corp, query.actId),
    lotteryParam: async ({ corp, query }) => svc.param(corp, query.actId),
    activityPark: async ({ corp }) => svc.park(corp),
  };
}
