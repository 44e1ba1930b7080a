import type { StoreInput } from '@campaign/contract';
import { own } from '../../db/owners';
import type { Corp } from '../../platform/tenancy';
import type { Acting, StoreAdminDeps } from './admin-deps';
import { storeNames } from './admin-repo';
import { importStores } from './import-stores';
import { listConsoleStores } from './list-console-stores';
import { saveStore } from './save-store';

/** The console's store master data (issue 34): list, create or change, import from CSV; one file each. */
export function createStoreAdminService(deps: StoreAdminDeps) {
  return {
    list: (corp: Corp, query: { q?: string | undefined; page: number; pageSize: number }) =>
      listConsoleStores(deps, corp, query),
    save: (acting: Acting, corp: Corp, input: Required<Omit<StoreInput, 'id'>> & { id?: string | undefined }) =>
      saveStore(deps, acting, corp, input),
    importCsv: (acting: Acting, corp: Corp, body: unknown) => importStores(deps, acting, corp, body),
    /** Store names by id (the audit log's subjects). */
    names: (corpId: string, ids: string[]) => storeNames(own('stores', deps.database.db), corpId, ids),
  };
}
export type StoreAdminService = ReturnType<typeof createStoreAdminService>;
