import { transact } from '../../db/tx';
import type { ApprovalsContext } from './context';
import { type NewRequest, requestStep } from './request-step';

/** A new pending request in its own transaction (a clerk's redemption exception, an operator's proposal). */
export async function makeRequest({ clock, database }: ApprovalsContext, r: Omit<NewRequest, 'now'>): Promise<string> {
  const now = clock();
  return transact(database, (x) => requestStep(x, { ...r, now }));
}
