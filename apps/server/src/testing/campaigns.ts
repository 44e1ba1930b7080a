import type { CampaignDetail, CampaignDraft } from '@campaign/contract';
import type { ConsoleClient } from './console';
import { body } from './harness';

// Helpers of the campaigns suites: the console's calls and a wheel draft that passes every check.

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export async function detailOf(c: ConsoleClient, id: string) {
  return body<CampaignDetail>(await c.get(`/console/campaigns/detail?id=${id}`)).data;
}

/** Creates a wheel and saves it with a window starting `startIn` from `now`: returns the rev to submit. */
export async function readyWheel(
  c: ConsoleClient,
  id: string,
  now: number,
  startIn = HOUR,
  more: (d: CampaignDraft) => void = () => {},
) {
  const created = body<{ id: string; rev: number }>(
    await c.post('/console/campaigns/create', { kind: 'wheel', title: '春季大转盘', id }),
  );
  if (created.code !== 0) throw new Error(`create: ${JSON.stringify(created)}`);
  const d = await detailOf(c, id);
  const draft = d.draft;
  if (!draft.activity) throw new Error('a wheel has an activity');
  draft.activity.startsAt = now + startIn;
  draft.activity.endsAt = now + startIn + 10 * DAY;
  draft.activity.chances = { perDay: 100, perActivity: null };
  more(draft);
  const saved = body<{ rev: number }>(await c.post('/console/campaigns/save', { id, draft, baseRev: d.rev }));
  if (saved.code !== 0) throw new Error(`save: ${JSON.stringify(saved)}`);
  return { rev: saved.data.rev, draft };
}
