import type { NotificationsDeps } from './context';
import { countUnread, listNotifications } from './list-notifications';
import { markAllRead, markRead } from './mark-read';
import { notify } from './notify';
import type { NotificationsPort } from './ports';
import { settle } from './settle';

/**
 * The console's notifications (docs/decisions/0376-console-notifications.md): fed by the campaigns, alerts and
 * reports modules through `port` where their events happen, one row per recipient; read by the bell. One use
 * case per file; this only binds them.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const port: NotificationsPort = {
    notify: (tx, n) => notify(deps, tx, n),
    settle: (tx, s) => settle(deps, tx, s),
  };
  return {
    port,
    list: listNotifications.bind(null, deps),
    count: countUnread.bind(null, deps),
    markRead: markRead.bind(null, deps),
    markAllRead: markAllRead.bind(null, deps),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
