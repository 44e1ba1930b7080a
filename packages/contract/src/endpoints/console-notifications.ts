import { z } from 'zod';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';

// The console's bell (issue 34 §2; docs/decisions/0376-console-notifications.md): what needs the signed-in
// staff member, each one theirs alone and their corp's only. The console polls the count; the list is read
// when the bell is opened.

/**
 * What a notification says:
 * - `changes_requested`, `rejected`, `approved`: an approver decided a campaign I made or submitted;
 * - `approval_waiting`: a campaign waits for my approval (I hold the approver role and did not make it);
 * - `alert`: an alert was raised in my corp;
 * - `export_ready`: an export I started is ready to download.
 */
export const NOTIFICATION_KINDS = [
  'changes_requested',
  'rejected',
  'approved',
  'approval_waiting',
  'alert',
  'export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** What it is about, for the link: a campaign id (the first four kinds), an alert id or an export job id. */
  subject: z.string(),
  /** What a person reads: the campaign's title, the alert's message, or the export's file name. */
  title: z.string(),
  /** The alert's kind or the export's kind (the console shows its label); null for campaigns. */
  detail: z.string().nullable(),
  at: z.number().int(),
  read: z.boolean(),
});
export type ConsoleNotification = z.infer<typeof notificationSchema>;

/** How many the bell lists at most (newest first). */
export const NOTIFICATION_LIST_MAX = 50;

const common = {
  version: 'none',
  access: 'console',
  tag: 'console-notifications',
  roles: CONSOLE_ROLES,
} as const;

export const notificationsEndpoints = {
  consoleNotifications: endpoint({
    ...common,
    method: 'GET',
    path: '/console/notifications',
    loading: false,
    summary: "The signed-in staff member's notifications, newest first, and how many are unread",
    query: z.object({ limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(20) }),
    body: z.undefined(),
    data: z.object({ items: z.array(notificationSchema), unread: z.number().int() }),
    errors: [],
  }),
  consoleNotificationCount: endpoint({
    ...common,
    method: 'GET',
    path: '/console/notifications/count',
    loading: false,
    summary: 'How many of my notifications are unread (the bell polls this; one indexed count)',
    query: z.object({}),
    body: z.undefined(),
    data: z.object({ unread: z.number().int() }),
    errors: [],
  }),
  consoleNotificationRead: endpoint({
    ...common,
    method: 'POST',
    path: '/console/notifications/read',
    loading: false,
    summary: 'Mark one of my notifications read (again: no change); answers how many stay unread',
    query: z.object({}),
    body: z.object({ id: z.string().trim().min(1).max(64) }),
    data: z.object({ unread: z.number().int() }),
    errors: ['NOTIFICATION_NOT_FOUND'],
  }),
  consoleNotificationsReadAll: endpoint({
    ...common,
    method: 'POST',
    path: '/console/notifications/read-all',
    loading: false,
    summary: 'Mark all my notifications read; answers how many this marked',
    query: z.object({}),
    body: z.object({}),
    data: z.object({ marked: z.number().int(), unread: z.number().int() }),
    errors: [],
  }),
} as const;
