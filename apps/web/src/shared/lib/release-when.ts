import { campaignDay, chinaMinute } from '@campaign/contract/china-time';
import { t } from '#web/shared/i18n/messages';

const DAY_MS = 86_400_000;

/**
 * When a paced campaign's next release comes (ADR 0063), as a customer reads it in China time: 今天14:00,
 * 明天10:00 or 12月5日10:00; `sameDay` when it is later today (a round of the day, not the day, is gone).
 */
export function releaseWhen(at: number, now: number): { when: string; sameDay: boolean } {
  const day = campaignDay(at);
  const time = chinaMinute(at).slice(11);
  const sameDay = day === campaignDay(now);
  if (sameDay) return { when: t('when.today', { time }), sameDay };
  if (day === campaignDay(now + DAY_MS)) return { when: t('when.tomorrow', { time }), sameDay };
  return { when: t('when.date', { month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)), time }), sameDay };
}
