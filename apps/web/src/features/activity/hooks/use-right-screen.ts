import type { ActivityDetail } from '@campaign/contract/client';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '#web/shared/navigation/navigation';
import { rightScreenFor } from '../model/activity-paths';

/**
 * Forwards (replacing the history entry) to the screen that plays an activity of `type` when this
 * game screen does not (rule: `rightScreenFor`). Returns true while forwarding, so the screen shows
 * its loading state instead of playing the activity as the wrong game.
 */
export function useRightScreen(type: ActivityDetail['type'] | undefined): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const target = type ? rightScreenFor(type, location) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  return target !== null;
}
