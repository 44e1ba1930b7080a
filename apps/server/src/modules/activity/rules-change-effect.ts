import { own, type PortTx } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { ActivityContext } from './context';
import type { ActivityDef } from './definition';
import { publishActivity } from './publish-activity';

/** The approvals effect of kind 'rules-change' (services.ts): the approved version is published then. */
export function rulesChangeEffect(ctx: ActivityContext) {
  return {
    approved: async (
      tx: PortTx,
      req: { corpId: string; subject: string; payload: string | null },
      _by: string,
      now: number,
    ): Promise<void> => {
      const def = JSON.parse(req.payload ?? 'null') as ActivityDef | null;
      if (!def || def.corp !== req.corpId || def.id !== req.subject) throw new AppError('ACTIVITY_NOT_FOUND');
      await publishActivity(ctx, def, now, own('activity', tx));
    },
  };
}
