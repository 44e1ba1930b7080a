import type { PortTx } from '../../db/owners';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { approveException, exceptionSettled } from './approve-exception';
import { clerkInfo } from './clerk-info';
import { counterAuditOf } from './counter-audit';
import type { ListWhere, StoresDeps, Where } from './deps';
import { listStores } from './list-stores';
import { lookUpTicket } from './look-up-ticket';
import { mapKey } from './map-key';
import { redeemTicket } from './redeem-ticket';
import { requestException } from './request-exception';
import { storeDetail } from './store-detail';
import { storeRelations } from './store-relations';

export { normalizeCode, toStore } from './store-view';

/** The stores module by use case, one file each: finding stores, and redemption at the counter. */
export function createStoresService(deps: StoresDeps) {
  return {
    relations: (corp: Corp, by: { listId?: string | undefined; actId?: string | undefined }) =>
      storeRelations(deps, corp, by),
    /** A list's stores; in one city when `cityName` is given. */
    list: (corp: Corp, listId: string, where: ListWhere, cityName?: string) =>
      listStores(deps, corp, listId, where, cityName),
    detail: (corp: Corp, listId: string, storeId: string, where: Where) =>
      storeDetail(deps, corp, listId, storeId, where),
    mapKey: () => mapKey(deps),
    authUserInfo: (corp: Corp, member: RequestStaff) => clerkInfo(deps, corp, member),
    lookup: (corp: Corp, member: RequestStaff, rawCode: string, storeId: string) =>
      lookUpTicket(deps, corp, member, rawCode, storeId),
    redeem: (corp: Corp, member: RequestStaff, rawCode: string, storeId: string, key: string) =>
      redeemTicket(deps, corp, member, rawCode, storeId, key),
    exception: (corp: Corp, member: RequestStaff, rawCode: string, storeId: string, reason: string, key: string) =>
      requestException(deps, corp, member, rawCode, storeId, reason, key),
    exceptionEffect: {
      approved: (
        portTx: PortTx,
        request: { corpId: string; subject: string; requestedBy: string; context: Record<string, string> },
        decidedBy: string,
        now: number,
      ) => approveException(deps, portTx, request, decidedBy, now),
      settles: exceptionSettled,
    },
    auditOf: (corpId: string, code: string) => counterAuditOf(deps, corpId, code),
  };
}
export type StoresService = ReturnType<typeof createStoresService>;
