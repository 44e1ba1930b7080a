import type { systemEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import { isSignedByCorp } from '../../platform/server-caller';
import type { ServiceDeps } from '../../platform/services';

export function systemHandlers(deps: Pick<ServiceDeps<never>, 'clock' | 'sealer'>): HandlersOf<typeof systemEndpoints> {
  return {
    systemTime: async () => {
      const now = deps.clock();
      return { now, iso: new Date(now).toISOString() };
    },
    // Opens a value for the corp's own back end (signed with the corp secret), or for the customer it
    // belongs to; anyone else learns nothing, not even whether the value was well formed.
    commonDecrypt: async ({ corp, user, body, req }) => {
      const server = isSignedByCorp(req, corp, body.data, deps.clock());
      if (!server && !user) throw new AppError('UNAUTHENTICATED');
      const plain = deps.sealer.open(corp.id, body.data);
      if (plain === null || (!server && plain !== user?.nuid)) throw new AppError('DECRYPT_FAILED');
      return { plain };
    },
  };
}
