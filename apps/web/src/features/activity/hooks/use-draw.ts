import { useMemo, useState } from 'react';
import { browserDeps, callLoose } from '#web/api/request';
import { createDrawRunner, type DrawOptions, type DrawOutcome, type DrawRunnerDeps } from '../api/draw-runner';
import { browserPendingDraws } from '../api/pending-draw';

export const browserDrawDeps: DrawRunnerDeps = {
  call: callLoose,
  newKey: () => browserDeps.newIdempotencyKey(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  cookie: browserDeps.cookie,
  pending: browserPendingDraws,
};

/** The draw of one screen: `const { draw, drawing } = useDraw(); const outcome = await draw(actId, { rocc })`. */
export function useDraw(deps: DrawRunnerDeps = browserDrawDeps) {
  const runner = useMemo(() => createDrawRunner(deps), [deps]);
  const [drawing, setDrawing] = useState(false);
  return useMemo(() => {
    const track = async (outcome: Promise<DrawOutcome>): Promise<DrawOutcome> => {
      setDrawing(true);
      try {
        return await outcome;
      } finally {
        setDrawing(false);
      }
    };
    return {
      drawing,
      draw: (actId: string, opts: DrawOptions): Promise<DrawOutcome> => track(runner.draw(actId, opts)),
      /** Replays this customer's unseen draw of the activity (after a reload); null when there is none. */
      resume: (actId: string, owner: string): Promise<DrawOutcome> | null => {
        const replay = runner.resume(actId, owner);
        return replay ? track(replay) : null;
      },
      seen: (actId: string): void => runner.seen(actId),
    };
  }, [runner, drawing]);
}
