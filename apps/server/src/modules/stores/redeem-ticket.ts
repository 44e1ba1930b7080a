import type { CounterTicket } from '@campaign/contract';
import { isUniqueViolation } from '../../db/errors';
import { handOver } from '../../db/owners';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { auditCounter } from './counter-audit';
import { checkedTicket, clerkAt, ticketView } from './counter-checks';
import type { StoresDeps } from './deps';
import * as repo from './repo';
import { alreadyRedeemed } from './store-view';

/**
 * Redeems once: the ticket's conditional update and the unique redemption row decide between counters
 * in one transaction; a loser is told who redeemed it, where and when. A retry with the same key gets
 * the first answer.
 */
export async function redeemTicket(
  deps: StoresDeps,
  corp: Corp,
  member: RequestStaff,
  rawCode: string,
  storeId: string,
  key: string,
): Promise<CounterTicket> {
  const { tickets } = deps;
  await clerkAt(deps, corp, member, storeId, rawCode);
  const { code, t, v, refuse } = await checkedTicket(deps, corp, member, rawCode, storeId);
  if (v.redemption) {
    if (v.redemption.idem_key === key && v.redemption.staff_id === member.id) return v.ticket;
    await auditCounter(deps, corp.id, code, storeId, member.id, 'refused:REDEEM_ALREADY');
    throw alreadyRedeemed(v.ticket.redemption ?? { staffName: '', storeName: '', at: 0 });
  }
  if (!v.ticket.redeemableHere) throw await refuse('REDEEM_WRONG_STORE');
  if (v.ticket.state === 'used') throw await refuse('REDEEM_USED');
  if (v.ticket.state === 'expired') throw await refuse('REDEEM_EXPIRED');
  const now = deps.clock();
  let won = false;
  try {
    won = await deps.database.db.transaction().execute(async (tx) => {
      if (!(await tickets.markRedeemed(handOver(tx), corp.id, t.awardId, key, now))) return false;
      await repo.insertRedemption(tx, {
        id: newId(),
        corp_id: corp.id,
        award_id: t.awardId,
        code,
        store_id: storeId,
        staff_id: member.id,
        staff_name: member.name,
        idem_key: key,
        redeemed_at: now,
      });
      return true;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const after = await ticketView(deps, corp.id, storeId, (await tickets.byCode(corp.id, code)) ?? t);
  if (!won) {
    if (after.redemption?.idem_key === key && after.redemption.staff_id === member.id) return after.ticket;
    await auditCounter(deps, corp.id, code, storeId, member.id, 'refused:REDEEM_ALREADY');
    if (after.ticket.redemption) throw alreadyRedeemed(after.ticket.redemption);
    throw new AppError('REDEEM_USED');
  }
  await auditCounter(deps, corp.id, code, storeId, member.id, 'redeemed');
  return after.ticket;
}
