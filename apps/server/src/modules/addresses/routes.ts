import type { addressesEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { AddressesService } from './service';

export function addressesHandlers(svc: AddressesService): HandlersOf<typeof addressesEndpoints> {
  return {
    regionList: async ({ reply }) => {
      // The division data changes with a package upgrade only: clients and proxies may keep it a day.
      reply.header('cache-control', 'public, max-age=86400');
      return svc.regionTree();
    },
    addressList: async ({ corp, user, query }) => svc.list(corp, user, query.page_num, query.page_size),
    addressAdd: async ({ corp, user, body, headers }) => svc.add(corp, user, body, headers['idempotency-key']),
    addressUpdate: async ({ corp, user, body }) => {
      const { addNo, ...input } = body;
      return svc.update(corp, user, addNo, input);
    },
    addressDelete: async ({ corp, user, query }) => svc.remove(corp, user, query.addNo),
    addressDetail: async ({ corp, user, query }) => svc.detail(corp, user, query.addNo),
  };
}
