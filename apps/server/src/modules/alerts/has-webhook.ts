import type { AlertsContext } from './context';
import * as repo from './repo';

/** Whether the corp has set a webhook (the audit heads go out only to one). */
export const hasWebhook = async ({ db }: AlertsContext, corpId: string) =>
  (await repo.webhook(db, corpId)) !== undefined;
