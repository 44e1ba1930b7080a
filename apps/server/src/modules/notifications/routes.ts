import type { notificationsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { NotificationsService } from './service';

/** Every call is about the signed-in staff member's own notifications in their own corp. */
export function notificationsHandlers(svc: NotificationsService): HandlersOf<typeof notificationsEndpoints> {
  return {
    consoleNotifications: async ({ corp, console: who, query }) =>
      svc.list({ corpId: corp.id, staffId: who.id }, query.limit),
    consoleNotificationCount: async ({ corp, console: who }) => svc.count({ corpId: corp.id, staffId: who.id }),
    consoleNotificationRead: async ({ corp, console: who, body }) =>
      svc.markRead({ corpId: corp.id, staffId: who.id }, body.id),
    consoleNotificationsReadAll: async ({ corp, console: who }) =>
      svc.markAllRead({ corpId: corp.id, staffId: who.id }),
  };
}
