import { own, type PortTx } from '../../db/owners';
import type { NotificationsDeps } from './context';
import type { NotificationsPort } from './ports';
import * as repo from './repo';

/** What no longer needs anyone is marked read: an approval decided (for all), or voted on (for its voter). */
export async function settle(
  deps: NotificationsDeps,
  tx: PortTx | null,
  s: Parameters<NotificationsPort['settle']>[1],
): Promise<void> {
  await repo.settle(tx ? own('notifications', tx) : deps.database.db, s);
}
