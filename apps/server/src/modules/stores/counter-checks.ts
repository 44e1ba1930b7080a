import type { CounterTicket } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { auditCounter } from './counter-audit';
import type { StoresDeps } from './deps';
import type { TicketCounterPort } from './ports';
import * as repo from './repo';
import { normalizeCode } from './store-view';

type FoundTicket = NonNullable<Awaited<ReturnType<TicketCounterPort['byCode']>>>;

/**
 * Role and corp were checked by the platform (access 'staff', roles clerk/operator); here the store: a
 * clerk only at a store they serve, an operator at any store of the corp.
 */
export async function clerkAt(deps: StoresDeps, corp: Corp, member: RequestStaff, storeId: string, rawCode: string) {
  // Refused here too is an attempt at the counter: audited like every other (issue 21 §7).
  const refuse = async (name: 'STORE_NOT_SERVED' | 'STORE_NOT_FOUND') => {
    await auditCounter(deps, corp.id, normalizeCode(rawCode), storeId, member.id, `refused:${name}`);
    return new AppError(name);
  };
  const operator = member.roles.includes('operator');
  if (!operator && !member.stores.includes(storeId)) throw await refuse('STORE_NOT_SERVED');
  const store = await repo.getStore(deps.database.db, corp.id, storeId);
  if (!store) throw await refuse('STORE_NOT_FOUND');
  return store;
}

/** The ticket as the counter shows it, with its redemption if it has one. */
export async function ticketView(deps: StoresDeps, corpId: string, storeId: string, t: FoundTicket) {
  const db = deps.database.db;
  const now = deps.clock();
  const [here, redemption] = await Promise.all([
    repo.storeRedeemsActivity(db, corpId, storeId, t.actId),
    repo.redemptionOf(db, corpId, t.awardId),
  ]);
  const expired = t.validUntil !== null && now > t.validUntil;
  const ticket: CounterTicket = {
    code: t.code,
    prizeName: t.prizeName,
    activityTitle: t.activityTitle,
    actId: t.actId,
    image: t.image,
    valueCents: t.valueCents,
    state: t.used ? 'used' : expired ? 'expired' : 'unused',
    validUntil: t.validUntil,
    customer: t.customer,
    redeemableHere: here,
    redemption: redemption
      ? {
          staffName: redemption.staff_name,
          storeId: redemption.store_id,
          storeName: redemption.store_name ?? redemption.store_id,
          at: redemption.redeemed_at,
        }
      : null,
    usedAt: t.usedAt,
    usedChannel: t.usedChannel,
  };
  return { ticket, redemption };
}

/** Finds the ticket and checks the rules of the counter; every refusal is audited. */
export async function checkedTicket(
  deps: StoresDeps,
  corp: Corp,
  member: RequestStaff,
  rawCode: string,
  storeId: string,
) {
  const code = normalizeCode(rawCode);
  const t = await deps.tickets.byCode(corp.id, code);
  const refuse = async (name: 'REDEEM_CODE_UNKNOWN' | 'REDEEM_WRONG_STORE' | 'REDEEM_USED' | 'REDEEM_EXPIRED') => {
    await auditCounter(deps, corp.id, code, storeId, member.id, `refused:${name}`);
    return new AppError(name);
  };
  if (!t) throw await refuse('REDEEM_CODE_UNKNOWN');
  const v = await ticketView(deps, corp.id, storeId, t);
  return { code, t, v, refuse };
}
