import type { CounterTicket } from '@campaign/contract';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { auditCounter } from './counter-audit';
import { checkedTicket, clerkAt } from './counter-checks';
import type { StoresDeps } from './deps';

/** A ticket as the clerk sees it before redeeming; the look-up is audited. */
export async function lookUpTicket(
  deps: StoresDeps,
  corp: Corp,
  member: RequestStaff,
  rawCode: string,
  storeId: string,
): Promise<CounterTicket> {
  await clerkAt(deps, corp, member, storeId, rawCode);
  const { code, v } = await checkedTicket(deps, corp, member, rawCode, storeId);
  await auditCounter(deps, corp.id, code, storeId, member.id, 'looked-up');
  return v.ticket;
}
