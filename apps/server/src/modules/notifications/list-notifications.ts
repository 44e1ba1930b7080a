import type { ConsoleNotification } from '@campaign/contract';
import type { Mine, NotificationsDeps } from './context';
import * as repo from './repo';

function toNotification(r: repo.NotificationRow): ConsoleNotification {
  return {
    id: r.id,
    kind: r.kind,
    subject: r.subject,
    title: r.title,
    detail: r.detail,
    at: Number(r.at),
    read: r.read_at !== null,
  };
}

/** My newest notifications and how many of mine are unread. */
export async function listNotifications({ database }: NotificationsDeps, me: Mine, limit: number) {
  const [rows, unread] = await Promise.all([repo.newest(database.db, me, limit), repo.unread(database.db, me)]);
  return { items: rows.map(toNotification), unread };
}

/** How many of mine are unread: the bell's poll, one count on the (corp, staff, time) index. */
export async function countUnread({ database }: NotificationsDeps, me: Mine) {
  return { unread: await repo.unread(database.db, me) };
}
