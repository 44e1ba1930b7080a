import { own } from '../../db/owners';
import type { Corp } from '../../platform/tenancy';
import type { StoreAdminDeps } from './admin-deps';
import * as admin from './admin-repo';
import { consoleStoreOf } from './store-admin-view';

/** The corp's stores for the console, a page at a time, by name. */
export async function listConsoleStores(
  deps: StoreAdminDeps,
  corp: Corp,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await admin.storesPage(
    own('stores', deps.database.db),
    corp.id,
    query.q || undefined,
    query.page,
    query.pageSize,
  );
  return { total, items: rows.map(consoleStoreOf) };
}
