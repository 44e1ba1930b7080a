import { COOKIES, grayFlagFromCookie } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersFor } from '../../platform/http';
import type { ServiceDeps } from '../../platform/services';

export function systemHandlers(deps: ServiceDeps): HandlersFor<'systemTime' | 'setGrayFlag' | 'commonDecrypt'> {
  return {
    systemTime: async () => {
      const now = deps.clock();
      return { now, iso: new Date(now).toISOString() };
    },
    setGrayFlag: async ({ req }) => ({ grayFlag: grayFlagFromCookie(req.cookies[COOKIES.grayTag]) }),
    commonDecrypt: async ({ corp, body }) => {
      const plain = deps.sealer.open(corp.id, body.data);
      if (plain === null) throw new AppError('DECRYPT_FAILED');
      return { plain };
    },
  };
}
