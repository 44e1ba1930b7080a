import { createHmac } from 'node:crypto';
import type { Consumption, Discount, MyDiscount, SignedPayment } from '@campaign/contract';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { campaignDay } from '../../platform/campaign-day';
import { newId, safeEqualHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';

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

/** A signed payment is good for this long: the native payment sheet is open minutes, not days. */
export const SIGNATURE_TTL_MS = 30 * 60_000;

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

  function toConsumption(c: repo.ConsumptionRow, replayed: boolean): Consumption {
    return {
      consumptionId: c.id,
      paymentId: c.payment_id,
      discountId: c.discount_id,
      discountCents: c.discount_cents,
      payCents: c.pay_cents,
      consumedAt: c.created_at,
      state: c.state,
      reservedUntil: c.state === 'reserved' ? c.reserved_until : null,
      replayed,
    };
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
     * Signs the payment the native bridge will make (spec §7 payment signing): the server computes the
     * discount and binds amount, merchant, customer and payment id with the corp's secret, so the consume
     * can trust them. The payment id comes from the Idempotency-Key: a retried sign names the same payment.
     */
    async sign(
      corp: Corp,
      user: RequestUser,
      req: { discountId: string; merchantId: string; amountCents: number; cardBin?: string | undefined },
      key: string,
    ): Promise<SignedPayment> {
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
      const paymentId = `pay_${createHmac('sha256', corp.appSecret).update(`${user.id}|${key}`).digest('base64url').slice(0, 32)}`;
      const unsigned: Unsigned = {
        paymentId,
        discountId: d.id,
        merchantId: req.merchantId,
        amountCents: req.amountCents,
        discountCents,
        payCents: req.amountCents - discountCents,
        timestamp: clock(),
        nonce: newId(),
      };
      return { ...unsigned, signType: 'HMAC-SHA256', sign: signPayment(corp.appSecret, corp.id, user.id, unsigned) };
    },

    /**
     * Discount consume (v2): once per payment id. The consumption row (unique per corp + payment) and the
     * conditional counters (total, per customer, per day) are one transaction: a limit reached rolls it
     * all back, a repeated report finds the first row and gets its answer.
     */
    async consume(corp: Corp, user: RequestUser, p: Omit<SignedPayment, 'signType'>): Promise<Consumption> {
      const { sign, ...unsigned } = p;
      if (!safeEqualHex(sign, signPayment(corp.appSecret, corp.id, user.id, unsigned))) {
        throw new AppError('PAYMENT_SIGN_INVALID');
      }
      const prior = await repo.consumptionByPayment(db, corp.id, p.paymentId);
      if (prior) return replay(prior);
      const now = clock();
      if (now - p.timestamp > SIGNATURE_TTL_MS) throw new AppError('PAYMENT_SIGN_INVALID');
      const d = await load(corp, p.discountId);
      if (now < d.starts_at || now >= d.ends_at) throw new AppError('DISCOUNT_NOT_LIVE');
      const row: repo.ConsumptionRow = {
        id: newId(),
        corp_id: corp.id,
        discount_id: d.id,
        user_id: user.id,
        payment_id: p.paymentId,
        merchant_id: p.merchantId,
        amount_cents: p.amountCents,
        discount_cents: p.discountCents,
        pay_cents: p.payCents,
        created_at: now,
        state: 'paid',
        reserved_until: null,
      };
      try {
        const inserted = await db.transaction().execute(async (tx) => {
          if (!(await repo.insertConsumption(tx, row))) return false;
          if (!(await repo.takeTotal(tx, corp.id, d.id))) throw new AppError('DISCOUNT_SOLD_OUT');
          if (!(await repo.takeUser(tx, corp.id, d.id, user.id, d.per_user_limit))) {
            throw new AppError('DISCOUNT_USER_LIMIT');
          }
          if (d.daily_limit !== null && !(await repo.takeDay(tx, corp.id, d.id, campaignDay(now), d.daily_limit))) {
            throw new AppError('DISCOUNT_SOLD_OUT');
          }
          return true;
        });
        if (inserted) return toConsumption(row, false);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const first = await repo.consumptionByPayment(db, corp.id, p.paymentId);
      if (!first) throw new AppError('CONFLICT_IN_FLIGHT');
      return replay(first);

      function replay(c: repo.ConsumptionRow): Consumption {
        // The same payment from another customer is not theirs to see.
        if (c.user_id !== user.id) throw new AppError('DISCOUNT_NOT_FOUND');
        return toConsumption(c, true);
      }
    },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
