import type { storesEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { StoresService } from './service';

export function storesHandlers(svc: StoresService): HandlersOf<typeof storesEndpoints> {
  return {
    storeAuthUserInfo: async ({ corp, staff }) => svc.authUserInfo(corp, staff),
    storeRelationList: async ({ corp, query }) => svc.relations(corp, query),
    storeList: async ({ corp, query }) => svc.list(corp, query.listId, query),
    storeListByCity: async ({ corp, query }) => svc.listByCity(corp, query.listId, query.cityName, query),
    storeListDetail: async ({ corp, body }) => svc.detail(corp, body.listId, body.storeId, body),
    mapProviderKey: async () => svc.mapKey(),
    redeemLookup: async ({ corp, staff, body }) => svc.lookup(corp, staff, body.code, body.storeId),
    redeemTicket: async ({ corp, staff, body, headers }) =>
      svc.redeem(corp, staff, body.code, body.storeId, headers['idempotency-key']),
    redeemException: async ({ corp, staff, body, headers }) =>
      svc.exception(corp, staff, body.code, body.storeId, body.reason, headers['idempotency-key']),
  };
}
