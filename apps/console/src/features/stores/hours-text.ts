import { t } from './messages';

// Opening hours as the campaign file writes them ("Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00") read in Chinese
// on screen ("周一至周五 09:00-18:00；周六、周日 10:00-16:00"); the form keeps the file's form, which the server parses.

const DAYS = {
  mon: 'stores.day.mon',
  tue: 'stores.day.tue',
  wed: 'stores.day.wed',
  thu: 'stores.day.thu',
  fri: 'stores.day.fri',
  sat: 'stores.day.sat',
  sun: 'stores.day.sun',
} as const;

const day = (name: string) => {
  const key = DAYS[name.trim().toLowerCase().slice(0, 3) as keyof typeof DAYS];
  return key ? t(key) : name;
};

function daysText(text: string): string {
  return text
    .split(',')
    .map((part) => {
      const [from = '', to] = part.split('-');
      return to === undefined ? day(from) : t('stores.day.range', { from: day(from), to: day(to) });
    })
    .join(t('stores.day.list'));
}

export function hoursText(hours: string): string {
  return hours
    .split(';')
    .map((seg) => seg.trim())
    .filter(Boolean)
    .map((seg) => {
      const m = /^(?:(.+?)\s+)?(\d\d:\d\d\s*-\s*\d\d:\d\d)$/.exec(seg);
      if (!m) return seg;
      return m[1] ? `${daysText(m[1])} ${m[2]}` : m[2];
    })
    .join(t('stores.day.spans'));
}
