import { createHash } from 'node:crypto';
import type { CounterTicket, StoreDetail } from '@campaign/contract';
import { isUniqueViolation } from '../../db/errors';
import { handOver, own, type PortTx } from '../../db/owners';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { customerPoint, distanceM, gcj02ToBd09, gcj02ToWgs84, type LngLat } from './geo';
import type { ApprovalRequestPort, TicketCounterPort } from './ports';
import * as repo from './repo';
import { alreadyRedeemed, byDistance, normalizeCode, replayException, shanghaiTime, toStore } from './store-view';

export { normalizeCode, shanghaiTime, toStore } from './store-view';

type Where = { lng?: number | undefined; lat?: number | undefined; coord: 'wgs84' | 'gcj02' };

export function createStoresService(
  deps: ServiceDeps<'stores'> & { tickets: TicketCounterPort; approvals: ApprovalRequestPort },
) {
  const db = deps.database.db;
  const { clock, tickets, approvals } = deps;

  async function listOrFail(corp: Corp, listId: string) {
    const list = await repo.getList(db, corp.id, listId);
    if (!list) throw new AppError('STORE_LIST_NOT_FOUND');
    return list;
  }

  async function stores(corp: Corp, listId: string, where: Where, cityName?: string) {
    const list = await listOrFail(corp, listId);
    const from = customerPoint(where);
    const now = clock();
    const [rows, cities] = await Promise.all([
      repo.storesOfList(db, corp.id, listId, cityName),
      repo.citiesOfList(db, corp.id, listId),
    ]);
    const all = rows.map((r) => toStore(r, now, from));
    if (from) all.sort(byDistance);
    return { listId, name: list.name, cities, list: all };
  }

  /**
   * Role and corp were checked by the platform (access 'staff', roles clerk/operator); here the store: a
   * clerk only at a store they serve, an operator at any store of the corp.
   */
  async function clerkAt(corp: Corp, member: RequestStaff, storeId: string, rawCode: string) {
    // Refused here too is an attempt at the counter: audited like every other (issue 21 §7).
    const refuse = async (name: 'STORE_NOT_SERVED' | 'STORE_NOT_FOUND') => {
      await audit(corp.id, normalizeCode(rawCode), storeId, member.id, `refused:${name}`);
      return new AppError(name);
    };
    const operator = member.roles.includes('operator');
    if (!operator && !member.stores.includes(storeId)) throw await refuse('STORE_NOT_SERVED');
    const store = await repo.getStore(db, corp.id, storeId);
    if (!store) throw await refuse('STORE_NOT_FOUND');
    return store;
  }

  async function view(
    corpId: string,
    storeId: string,
    t: NonNullable<Awaited<ReturnType<TicketCounterPort['byCode']>>>,
  ) {
    const now = clock();
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

  async function audit(
    corpId: string,
    code: string,
    storeId: string,
    staffId: string,
    outcome: string,
    detail?: string,
  ) {
    await repo.audit(db, {
      id: newId(),
      corp_id: corpId,
      code,
      store_id: storeId,
      staff_id: staffId,
      outcome,
      detail: detail ?? null,
      created_at: clock(),
    });
  }

  /** Finds the ticket and checks the rules of the counter; every refusal is audited. */
  async function checked(corp: Corp, member: RequestStaff, rawCode: string, storeId: string) {
    const code = normalizeCode(rawCode);
    const t = await tickets.byCode(corp.id, code);
    const refuse = async (name: 'REDEEM_CODE_UNKNOWN' | 'REDEEM_WRONG_STORE' | 'REDEEM_USED' | 'REDEEM_EXPIRED') => {
      await audit(corp.id, code, storeId, member.id, `refused:${name}`);
      return new AppError(name);
    };
    if (!t) throw await refuse('REDEEM_CODE_UNKNOWN');
    const v = await view(corp.id, storeId, t);
    return { code, t, v, refuse };
  }

  return {
    relations: async (corp: Corp, by: { listId?: string | undefined; actId?: string | undefined }) => ({
      relations: await repo.relations(db, corp.id, {
        ...(by.listId !== undefined ? { listId: by.listId } : {}),
        ...(by.actId !== undefined ? { actId: by.actId } : {}),
      }),
    }),

    list: (corp: Corp, listId: string, where: Where) => stores(corp, listId, where),
    listByCity: (corp: Corp, listId: string, cityName: string, where: Where) => stores(corp, listId, where, cityName),

    async detail(corp: Corp, listId: string, storeId: string, where: Where): Promise<StoreDetail> {
      await listOrFail(corp, listId);
      const rows = await repo.storesOfList(db, corp.id, listId);
      const row = rows.find((r) => r.id === storeId);
      if (!row) throw new AppError('STORE_NOT_FOUND');
      const now = clock();
      const from = customerPoint(where);
      const store = toStore(row, now, from);
      const here: LngLat = [row.lng, row.lat];
      const nearby = rows
        .filter((r) => r.id !== storeId && r.city_code === row.city_code)
        .sort((a, b) => distanceM(here, [a.lng, a.lat]) - distanceM(here, [b.lng, b.lat]))
        .slice(0, 6)
        .map((r) => toStore(r, now, from));
      return { ...store, coords: { gcj02: here, wgs84: gcj02ToWgs84(here), bd09: gcj02ToBd09(here) }, nearby };
    },

    mapKey() {
      const m = deps.config.map;
      if (!m) return { provider: null, tileUrl: null, subdomains: '', attribution: '', coord: 'gcj02' as const };
      return {
        provider: m.provider,
        tileUrl: m.key ? m.tileUrl.replaceAll('{key}', encodeURIComponent(m.key)) : m.tileUrl,
        subdomains: m.subdomains,
        attribution: m.attribution,
        coord: m.coord,
      };
    },

    async authUserInfo(corp: Corp, member: RequestStaff) {
      const rows = await repo.storesByIds(db, corp.id, member.stores);
      return {
        staffId: member.id,
        name: member.name,
        roles: member.roles,
        stores: rows.map((s) => ({ storeId: s.id, name: s.name, cityName: s.city_name })),
      };
    },

    async lookup(corp: Corp, member: RequestStaff, rawCode: string, storeId: string): Promise<CounterTicket> {
      await clerkAt(corp, member, storeId, rawCode);
      const { code, v } = await checked(corp, member, rawCode, storeId);
      await audit(corp.id, code, storeId, member.id, 'looked-up');
      return v.ticket;
    },

    /**
     * Redeems once: the ticket's conditional update and the unique redemption row decide between counters
     * in one transaction; a loser is told who redeemed it, where and when. A retry with the same key gets
     * the first answer.
     */
    async redeem(
      corp: Corp,
      member: RequestStaff,
      rawCode: string,
      storeId: string,
      key: string,
    ): Promise<CounterTicket> {
      await clerkAt(corp, member, storeId, rawCode);
      const { code, t, v, refuse } = await checked(corp, member, rawCode, storeId);
      if (v.redemption) {
        if (v.redemption.idem_key === key && v.redemption.staff_id === member.id) return v.ticket;
        await audit(corp.id, code, storeId, member.id, 'refused:REDEEM_ALREADY');
        throw alreadyRedeemed(v.ticket.redemption ?? { staffName: '', storeName: '', at: 0 });
      }
      if (!v.ticket.redeemableHere) throw await refuse('REDEEM_WRONG_STORE');
      if (v.ticket.state === 'used') throw await refuse('REDEEM_USED');
      if (v.ticket.state === 'expired') throw await refuse('REDEEM_EXPIRED');
      const now = clock();
      let won = false;
      try {
        won = await db.transaction().execute(async (tx) => {
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
      const after = await view(corp.id, storeId, (await tickets.byCode(corp.id, code)) ?? t);
      if (!won) {
        if (after.redemption?.idem_key === key && after.redemption.staff_id === member.id) return after.ticket;
        await audit(corp.id, code, storeId, member.id, 'refused:REDEEM_ALREADY');
        if (after.ticket.redemption) throw alreadyRedeemed(after.ticket.redemption);
        throw new AppError('REDEEM_USED');
      }
      await audit(corp.id, code, storeId, member.id, 'redeemed');
      return after.ticket;
    },

    /**
     * An expired ticket honoured at the counter needs an approver: the request goes to the approvals. The
     * same Idempotency-Key from the same staff member returns the first request: the request's audit row is
     * claimed under an id derived from (corp, staff, key) before the approval is asked for.
     */
    async exception(
      corp: Corp,
      member: RequestStaff,
      rawCode: string,
      storeId: string,
      reason: string,
      key: string,
    ): Promise<{ requestId: string; status: string }> {
      const claimId = `exc-${createHash('sha256').update(`${corp.id}|${member.id}|${key}`).digest('base64url').slice(0, 32)}`;
      const prior = await repo.auditById(db, corp.id, claimId);
      if (prior) return replayException(prior);
      const store = await clerkAt(corp, member, storeId, rawCode);
      const { code, t, v, refuse } = await checked(corp, member, rawCode, storeId);
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
          created_at: clock(),
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const first = await repo.auditById(db, corp.id, claimId);
        if (!first) throw err;
        return replayException(first);
      }
      const r = await approvals
        .request(corp.id, 'redemption-exception', code, member.id, {
          title: `到店核销例外：${t.prizeName}（${code}）`,
          券码: code,
          奖品: `${t.prizeName}（${t.activityTitle}）`,
          客户: t.customer,
          有效期至: t.validUntil === null ? '—' : shanghaiTime(t.validUntil),
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
    },

    /**
     * The approvals' effect for 'redemption-exception': an approved exception redeems the expired ticket at
     * the requesting clerk's store, inside the decision's transaction (exactly once, like the counter).
     */
    exceptionEffect: {
      async approved(
        portTx: PortTx,
        request: { corpId: string; subject: string; requestedBy: string; context: Record<string, string> },
        decidedBy: string,
        now: number,
      ) {
        const tx = own('stores', portTx);
        const { awardId, storeId } = request.context;
        if (!awardId || !storeId) throw new AppError('REDEEM_CODE_UNKNOWN');
        const key = `exception:${request.subject}`;
        if (!(await tickets.markRedeemed(portTx, request.corpId, awardId, key, now)))
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
      },
    },

    /** Every attempt at the counter with this code, oldest first (operators, tests). */
    auditOf: (corpId: string, code: string) => repo.auditOf(db, corpId, normalizeCode(code)),
  };
}
export type StoresService = ReturnType<typeof createStoresService>;
