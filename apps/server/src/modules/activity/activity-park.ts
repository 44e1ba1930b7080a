import type { PageConfig } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import type { ActivityContext } from './context';
import * as repo from './repo';
import { effectiveStatus } from './status';

/** The park: the corp's live, scheduled and paused activities (running ones paused while it is halted). */
export async function activityPark({ db, clock, halts }: ActivityContext, corp: Corp) {
  const now = clock();
  const rows = await repo.listActivities(db, corp.id);
  const halted = await halts.halted(corp.id);
  return rows
    .map((a) => {
      const status = effectiveStatus(a, now);
      return { a, status: halted && status === 'live' ? ('paused' as const) : status };
    })
    .filter(({ status }) => status === 'live' || status === 'scheduled' || status === 'paused')
    .map(({ a, status }) => ({
      actId: a.id,
      type: a.type,
      title: a.title,
      subtitle: a.subtitle,
      status,
      startsAt: a.starts_at,
      endsAt: a.ends_at,
      banner: (JSON.parse(a.page_config) as PageConfig).banner,
    }));
}
