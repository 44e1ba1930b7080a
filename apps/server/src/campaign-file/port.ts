import { issueMessage } from '@campaign/contract';
import type { Transaction } from 'kysely';
import type { PortTx } from '../db/owners';
import type { DB } from '../db/schema';
import type { Publishing } from '../modules/activity/publishing';
import type { CampaignFilePort } from '../modules/campaigns/ports';
import { definitionSchema } from './definition';
import { applyDefinitionIn } from './import';

/**
 * The campaign file as the console's campaigns use it (ADR 0340): a draft is validated by the schemas that
 * validate `cli import` (definition.ts), and an approved one is published by the import's own code, in the approval's
 * transaction (so the campaign's new state, its audit entry and the activity's new version commit together).
 */
export function campaignFilePort(publishing: Pick<Publishing, 'publish' | 'publishGroup'>): CampaignFilePort {
  return {
    problems(file, locale) {
      const r = definitionSchema.safeParse(file);
      return r.success
        ? []
        : r.error.issues.map((i) => ({ path: i.path as (string | number)[], message: issueMessage(i, locale) }));
    },
    async publish(tx: PortTx, file, now) {
      const def = definitionSchema.parse(file);
      const summary = await applyDefinitionIn(tx as unknown as Transaction<DB>, publishing, def, now);
      return summary.activities.map((a) => ({ actId: a.actId, version: a.version }));
    },
  };
}
