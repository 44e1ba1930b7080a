import type { ActivityStatus } from '@campaign/contract';
import type { ActivityRow } from './repo';

/** What users see, from the operator state and the server clock (docs/decisions/0004-activity-status.md). */
export function effectiveStatus(a: Pick<ActivityRow, 'state' | 'starts_at' | 'ends_at'>, now: number): ActivityStatus {
  if (a.state === 'draft') return 'draft';
  if (a.state === 'ended' || now >= a.ends_at) return 'ended';
  if (a.state === 'paused') return 'paused';
  return now < a.starts_at ? 'scheduled' : 'live';
}
