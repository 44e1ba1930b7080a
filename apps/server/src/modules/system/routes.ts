import type { systemEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { ServiceDeps } from '../../platform/services';

export function systemHandlers(deps: ServiceDeps): HandlersOf<typeof systemEndpoints> {
  return {
    systemTime: async () => {
      const now = deps.clock();
      return { now, iso: new Date(now).toISOString() };
    },
    commonDecrypt: async ({ corp, body }) => {
      const plain = deps.sealer.open(corp.id, body.data);
      if (plain === null) throw new AppError('DECRYPT_FAILED');
      return { plain };
    },
  };
}
