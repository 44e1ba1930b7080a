import type { consoleStoresEndpoints, storesEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { StoreAdminService } from './admin-service';
import type { StoresService } from './service';

export function storesHandlers(svc: StoresService): HandlersOf<typeof storesEndpoints> {
  return {
    storeAuthUserInfo: async ({ corp, staff }) => svc.authUserInfo(corp, staff),
    storeRelationList: async ({ corp, query }) => svc.relations(corp, query),
    storeList: async ({ corp, query }) => svc.list(corp, query.listId, query),
    storeListByCity: async ({ corp, query }) => svc.list(corp, query.listId, query, query.cityName),
    storeListDetail: async ({ corp, body }) => svc.detail(corp, body.listId, body.storeId, body),
    mapProviderKey: async () => svc.mapKey(),
    redeemLookup: async ({ corp, staff, body }) => svc.lookup(corp, staff, body.code, body.storeId),
    redeemTicket: async ({ corp, staff, body, headers }) =>
      svc.redeem(corp, staff, body.code, body.storeId, headers['idempotency-key']),
    redeemException: async ({ corp, staff, body, headers }) =>
      svc.exception(corp, staff, body.code, body.storeId, body.reason, headers['idempotency-key']),
  };
}

/** The console's store master data (group consoleStores). */
export function consoleStoresHandlers(svc: StoreAdminService): HandlersOf<typeof consoleStoresEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, ip: string) => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip,
  });
  return {
    consoleStores: async ({ corp, query }) => svc.list(corp, query),
    consoleStoreSave: async ({ corp, console: who, req, body }) => svc.save(acting(who, req.ip), corp, body),
    // An upload's body is the request stream (platform/http.ts, the endpoint's `upload`).
    consoleStoresImport: async ({ corp, console: who, req }) => svc.importCsv(acting(who, req.ip), corp, req.body),
  };
}
