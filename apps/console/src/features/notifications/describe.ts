import { chinaDayStart, chinaMinute } from '@campaign/contract/china-time';
import type { ConsoleNotification } from '@campaign/contract/client';
import { t } from './messages';

// What a notification says and where it leads, and its time as staff read it: relative while it is recent,
// Beijing time after. Keys built from the server's kinds fall back to themselves (catalogue), never a crash.

type Key = Parameters<typeof t>[0];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The console screen a notification opens (under /console/). */
export function linkOf(n: Pick<ConsoleNotification, 'kind' | 'subject'>): string {
  const id = encodeURIComponent(n.subject);
  switch (n.kind) {
    case 'approval_waiting':
      return `/approvals?id=${id}`;
    case 'alert':
      return '/alerts';
    case 'export_ready':
      return '/reports';
    default:
      return `/campaigns/${id}`;
  }
}

/** The notification's label (its kind, or the alert's kind) and its sentence. */
export function describe(n: ConsoleNotification): { label: string; text: string } {
  if (n.kind === 'alert') {
    return {
      label: `${t('notifications.kind.alert')} · ${t(`notifications.alertKind.${n.detail}` as Key)}`,
      text: n.title,
    };
  }
  if (n.kind === 'export_ready') {
    const what = n.detail ? t(`notifications.export.${n.detail}` as Key) : t('notifications.export.other');
    return { label: t('notifications.kind.export_ready'), text: t('notifications.text.export_ready', { what }) };
  }
  return { label: t(`notifications.kind.${n.kind}`), text: t(`notifications.text.${n.kind}`, { title: n.title }) };
}

/** 刚刚 · 5 分钟前 · 3 小时前 · 昨天 14:05 · 2026-11-20 09:30: Beijing time whatever the browser's zone. */
export function relativeTime(at: number, now: number): string {
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return t('notifications.time.now');
  if (ago < HOUR) return t('notifications.time.minutes', { n: Math.floor(ago / MINUTE) });
  if (ago < 12 * HOUR || (ago < DAY && chinaDayStart(at) === chinaDayStart(now))) {
    return t('notifications.time.hours', { n: Math.floor(ago / HOUR) });
  }
  if (chinaDayStart(now) - chinaDayStart(at) === DAY)
    return t('notifications.time.yesterday', { time: chinaMinute(at).slice(11) });
  return chinaMinute(at);
}

/** The full Beijing time, for the tooltip beside a relative one. */
export const fullTime = (at: number) => t('notifications.time.full', { time: chinaMinute(at) });
