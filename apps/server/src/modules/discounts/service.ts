import { createHmac } from 'node:crypto';
import type { Consumption, Discount, DiscountPaymentResult, MyDiscount, SignedPayment } from '@campaign/contract';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { campaignDay } from '../../platform/campaign-day';
import { newId, safeEqualHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { applyPaymentResult, RESERVATION_TTL_MS, releaseExpired, takeUnit, toConsumption } from './reservations';

const cardsSchema = z.array(z.object({ bin: z.string(), label: z.string() }));
const merchantsSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const rulesSchema = z.array(z.string());

/** What a signed payment binds: everything the consume trusts, and the customer it was signed for. */
type Unsigned = Omit<SignedPayment, 'sign' | 'signType'>;
function signingText(corpId: string, userId: string, p: Unsigned): string {
  return [
    corpId,
    userId,
    p.paymentId,
    p.discountId,
    p.merchantId,
    p.amountCents,
    p.discountCents,
    p.payCents,
    p.timestamp,
    p.nonce,
  ].join('|');
}
export function signPayment(secret: string, corpId: string, userId: string, p: Unsigned): string {
  return createHmac('sha256', secret)
    .update(signingText(corpId, userId, p))
    .digest('hex');
}

export function createDiscountsService(deps: ServiceDeps<'discounts'>) {
  const db = deps.database.db;
  const { clock } = deps;

  async function load(corp: Corp, discountId: string) {
    const d = await repo.get(db, corp.id, discountId);
    if (!d) throw new AppError('DISCOUNT_NOT_FOUND');
    return d;
  }

  async function view(corp: Corp, user: RequestUser, d: repo.DiscountRow): Promise<Discount> {
    const now = clock();
    const [used, today] = await Promise.all([
      repo.userUsed(db, corp.id, d.id, user.id),
      d.daily_limit === null ? Promise.resolve(0) : repo.dayUsed(db, corp.id, d.id, campaignDay(now)),
    ]);
    const totalLeft = Math.max(0, d.total_limit - d.used_total);
    const leftToday = d.daily_limit === null ? null : Math.max(0, Math.min(totalLeft, d.daily_limit - today));
    return {
      discountId: d.id,
      title: d.title,
      rules: rulesSchema.parse(JSON.parse(d.rules)),
      amountCents: d.amount_cents,
      thresholdCents: d.threshold_cents,
      validCards: cardsSchema.parse(JSON.parse(d.valid_cards)),
      validMerchants: merchantsSchema.parse(JSON.parse(d.valid_merchants)),
      startsAt: d.starts_at,
      endsAt: d.ends_at,
      totalLimit: d.total_limit,
      totalLeft,
      perUserLimit: d.per_user_limit,
      userLeft: Math.max(0, d.per_user_limit - used),
      dailyLimit: d.daily_limit,
      leftToday,
      status:
        now < d.starts_at
          ? 'scheduled'
          : now >= d.ends_at
            ? 'ended'
            : totalLeft === 0 || leftToday === 0
              ? 'sold_out'
              : 'live',
    };
  }

  /** The signed payment of a reservation (a retried signing gets the same payment, freshly signed). */
  function signedOf(corp: Corp, user: RequestUser, c: repo.ConsumptionRow): SignedPayment {
    if (c.user_id !== user.id) throw new AppError('DISCOUNT_NOT_FOUND');
    if (c.state === 'released') throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
    const unsigned: Unsigned = {
      paymentId: c.payment_id,
      discountId: c.discount_id,
      merchantId: c.merchant_id,
      amountCents: c.amount_cents,
      discountCents: c.discount_cents,
      payCents: c.pay_cents,
      timestamp: clock(),
      nonce: newId(),
    };
    return { ...unsigned, signType: 'HMAC-SHA256', sign: signPayment(corp.appSecret, corp.id, user.id, unsigned) };
  }

  return {
    /** 我的奖品's discounts: given to this customer (or used by them), newest first. */
    async mine(corp: Corp, user: RequestUser): Promise<MyDiscount[]> {
      const rows = await repo.mine(db, corp.id, user.id);
      return Promise.all(rows.map(async ({ d, grantedAt }) => ({ ...(await view(corp, user, d)), grantedAt })));
    },

    async detail(corp: Corp, user: RequestUser, discountId: string) {
      return view(corp, user, await load(corp, discountId));
    },

    /**
     * Signs the payment the native bridge will make (spec §7 payment signing) and reserves one unit of the
     * discount for it (ADR 0044): the server computes the discount and binds amount, merchant, customer and
     * payment id with the corp's secret. The payment id comes from the Idempotency-Key: a retried sign names
     * the same payment and its reservation. Reservations unpaid past their time are released first.
     */
    async sign(
      corp: Corp,
      user: RequestUser,
      req: { discountId: string; merchantId: string; amountCents: number; cardBin?: string | undefined },
      key: string,
    ): Promise<SignedPayment> {
      const paymentId = `pay_${createHmac('sha256', corp.appSecret).update(`${user.id}|${key}`).digest('base64url').slice(0, 32)}`;
      const retried = await repo.consumptionByPayment(db, corp.id, paymentId);
      if (retried) return signedOf(corp, user, retried);
      const now = clock();
      await releaseExpired(db, corp.id, (await load(corp, req.discountId)).id, now);
      const d = await load(corp, req.discountId);
      const v = await view(corp, user, d);
      if (v.status === 'scheduled' || v.status === 'ended') throw new AppError('DISCOUNT_NOT_LIVE');
      if (v.status === 'sold_out') throw new AppError('DISCOUNT_SOLD_OUT');
      if (v.userLeft === 0) throw new AppError('DISCOUNT_USER_LIMIT');
      const merchantOk = v.validMerchants.length === 0 || v.validMerchants.some((m) => m.id === req.merchantId);
      const cardOk =
        v.validCards.length === 0 ||
        (req.cardBin !== undefined && v.validCards.some((c) => req.cardBin?.startsWith(c.bin)));
      if (req.amountCents < d.threshold_cents || !merchantOk || !cardOk) throw new AppError('DISCOUNT_NOT_APPLICABLE');
      const discountCents = Math.min(d.amount_cents, req.amountCents - 1);
      const row: repo.ConsumptionRow = {
        id: newId(),
        corp_id: corp.id,
        discount_id: d.id,
        user_id: user.id,
        payment_id: paymentId,
        merchant_id: req.merchantId,
        amount_cents: req.amountCents,
        discount_cents: discountCents,
        pay_cents: req.amountCents - discountCents,
        created_at: now,
        state: 'reserved',
        reserved_until: now + RESERVATION_TTL_MS,
      };
      try {
        await db.transaction().execute(async (tx) => {
          if (!(await repo.insertConsumption(tx, row))) throw new AppError('CONFLICT_IN_FLIGHT');
          await takeUnit(tx, d, user.id, campaignDay(now));
        });
      } catch (err) {
        if (!isUniqueViolation(err) && !(err instanceof AppError && err.errorName === 'CONFLICT_IN_FLIGHT')) throw err;
        const first = await repo.consumptionByPayment(db, corp.id, paymentId);
        if (!first) throw err;
        return signedOf(corp, user, first);
      }
      return signedOf(corp, user, row);
    },

    /**
     * The customer's report after the native payment: the consumption's state. It consumes nothing: the
     * unit was reserved at signing and only the bank's signed payment result makes it paid (ADR 0044).
     */
    async consume(corp: Corp, user: RequestUser, p: Omit<SignedPayment, 'signType'>): Promise<Consumption> {
      const { sign, ...unsigned } = p;
      if (!safeEqualHex(sign, signPayment(corp.appSecret, corp.id, user.id, unsigned))) {
        throw new AppError('PAYMENT_SIGN_INVALID');
      }
      const c = await repo.consumptionByPayment(db, corp.id, p.paymentId);
      // The same payment from another customer is not theirs to see.
      if (!c || c.user_id !== user.id) throw new AppError('DISCOUNT_NOT_FOUND');
      const now = clock();
      if (c.state === 'reserved' && c.reserved_until !== null && now > c.reserved_until) {
        await releaseExpired(db, corp.id, c.discount_id, now);
        throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
      }
      if (c.state === 'released') throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
      return toConsumption(c, false);
    },

    /** The payment side's signed result (its signature was checked by the route). */
    paymentResult: (corpId: string, n: DiscountPaymentResult) => applyPaymentResult(db, corpId, n, clock()),
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
