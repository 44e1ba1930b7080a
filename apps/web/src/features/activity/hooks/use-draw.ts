import { useMemo, useState } from 'react';
import { browserDeps, callLoose } from '../../../api/request';
import { createDrawRunner, type DrawOptions, type DrawOutcome, type DrawRunnerDeps } from '../api/draw-runner';

export const browserDrawDeps: DrawRunnerDeps = {
  call: callLoose,
  newKey: () => browserDeps.newIdempotencyKey(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  cookie: browserDeps.cookie,
};

/** The draw of one screen: `const { draw, drawing } = useDraw(); const outcome = await draw(actId, { rocc })`. */
export function useDraw(deps: DrawRunnerDeps = browserDrawDeps) {
  const runner = useMemo(() => createDrawRunner(deps), [deps]);
  const [drawing, setDrawing] = useState(false);
  return useMemo(
    () => ({
      drawing,
      draw: async (actId: string, opts: DrawOptions): Promise<DrawOutcome> => {
        setDrawing(true);
        try {
          return await runner.draw(actId, opts);
        } finally {
          setDrawing(false);
        }
      },
    }),
    [runner, drawing],
  );
}
