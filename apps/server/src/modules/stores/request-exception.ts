import { createHash } from 'node:crypto';
import { chinaMinute } from '@campaign/contract/china-time';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/errors';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { checkedTicket, clerkAt } from './counter-checks';
import type { StoresDeps } from './deps';
import * as repo from './repo';
import { alreadyRedeemed, replayException } from './store-view';

/**
 * An expired ticket honoured at the counter needs an approver: the request goes to the approvals. The
 * same Idempotency-Key from the same staff member returns the first request: the request's audit row is
 * claimed under an id derived from (corp, staff, key) before the approval is asked for.
 */
export async function requestException(
  deps: StoresDeps,
  corp: Corp,
  member: RequestStaff,
  rawCode: string,
  storeId: string,
  reason: string,
  key: string,
): Promise<{ requestId: string; status: string }> {
  const db = deps.database.db;
  const claimId = `exc-${createHash('sha256').update(`${corp.id}|${member.id}|${key}`).digest('base64url').slice(0, 32)}`;
  const prior = await repo.auditById(db, corp.id, claimId);
  if (prior) return replayException(prior);
  const store = await clerkAt(deps, corp, member, storeId, rawCode);
  const { code, t, v, refuse } = await checkedTicket(deps, corp, member, rawCode, storeId);
  if (v.redemption) throw alreadyRedeemed(v.ticket.redemption ?? { staffName: '', storeName: '', at: 0 });
  if (!v.ticket.redeemableHere) throw await refuse('REDEEM_WRONG_STORE');
  if (v.ticket.state === 'used') throw await refuse('REDEEM_USED');
  if (v.ticket.state !== 'expired') throw new AppError('REDEEM_NOT_EXPIRED');
  try {
    await repo.audit(db, {
      id: claimId,
      corp_id: corp.id,
      code,
      store_id: storeId,
      staff_id: member.id,
      outcome: 'exception-requested',
      detail: null,
      created_at: deps.clock(),
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await repo.auditById(db, corp.id, claimId);
    if (!first) throw err;
    return replayException(first);
  }
  const r = await deps.approvals
    .request(corp.id, 'redemption-exception', code, member.id, {
      title: `到店核销例外：${t.prizeName}（${code}）`,
      券码: code,
      奖品: `${t.prizeName}（${t.activityTitle}）`,
      客户: t.customer,
      有效期至: t.validUntil === null ? '—' : chinaMinute(t.validUntil),
      门店: store.name,
      申请店员: member.name,
      理由: reason,
      awardId: t.awardId,
      storeId,
    })
    .catch(async (err: unknown) => {
      await repo.dropClaim(db, corp.id, claimId);
      throw err;
    });
  await repo.setAuditDetail(db, corp.id, claimId, r.requestId);
  return r;
}
