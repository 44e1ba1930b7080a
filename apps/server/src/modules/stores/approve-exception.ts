import { chinaMinute } from '@campaign/contract/china-time';
import { own, type PortTx } from '../../db/owners';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { StoresDeps } from './deps';
import * as repo from './repo';

type ExceptionRequest = { corpId: string; subject: string; requestedBy: string; context: Record<string, string> };

/**
 * The approvals' effect for 'redemption-exception': an approved exception redeems the expired ticket at
 * the requesting clerk's store, inside the decision's transaction (exactly once, like the counter).
 */
export async function approveException(
  deps: StoresDeps,
  portTx: PortTx,
  request: ExceptionRequest,
  decidedBy: string,
  now: number,
) {
  const tx = own('stores', portTx);
  const { awardId, storeId } = request.context;
  if (!awardId || !storeId) throw new AppError('REDEEM_CODE_UNKNOWN');
  const key = `exception:${request.subject}`;
  if (!(await deps.tickets.markRedeemed(portTx, request.corpId, awardId, key, now)))
    throw new AppError('REDEEM_ALREADY');
  await repo.insertRedemption(tx, {
    id: newId(),
    corp_id: request.corpId,
    award_id: awardId,
    code: request.subject,
    store_id: storeId,
    staff_id: request.requestedBy,
    staff_name: request.context.申请店员 ?? request.requestedBy,
    idem_key: key,
    redeemed_at: now,
  });
  await repo.audit(tx, {
    id: newId(),
    corp_id: request.corpId,
    code: request.subject,
    store_id: storeId,
    staff_id: request.requestedBy,
    outcome: 'redeemed-by-exception',
    detail: `approved by ${decidedBy}`,
    created_at: now,
  });
}

/** The ticket is used up: another clerk's exception for it has nothing left to ask. */
export function exceptionSettled(request: { context: Record<string, string> }, now: number) {
  return `该券已于 ${chinaMinute(now)} 经另一份核销例外申请（${request.context.申请店员 ?? ''}）批准核销，本申请自动关闭`;
}
