import type { ActivityDetail } from '@campaign/contract/client';

type ActivityType = ActivityDetail['type'];

/** The screen that plays an activity of each type (spec §2 routes). */
export function playPath(type: ActivityType, actId: string): string {
  const q = `?actId=${encodeURIComponent(actId)}`;
  switch (type) {
    case 'wheel':
    case 'grid':
      return `/upStdDraw${q}`;
    case 'scratch':
      return `/bluescratch${q}`;
    case 'blindbox':
      return `/blindBox${q}`;
    case 'common':
      return `/commonActivity${q}`;
  }
}

/** Rules of an activity: the common activity has its own rules route. */
export function rulesPath(type: ActivityType, actId: string): string {
  return `${type === 'common' ? '/commonRules' : '/rules'}?actId=${encodeURIComponent(actId)}`;
}

export const PARK_PATH = '/activityPark';
