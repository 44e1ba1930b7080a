import type { Discount } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';

const cardsSchema = z.array(z.object({ bin: z.string(), label: z.string() }));
const merchantsSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const rulesSchema = z.array(z.string());

export async function loadDiscount(deps: ServiceDeps<'discounts'>, corp: Corp, discountId: string) {
  const d = await repo.get(deps.database.db, corp.id, discountId);
  if (!d) throw new AppError('DISCOUNT_NOT_FOUND');
  return d;
}

/** A discount as this customer sees it now: what is left of each limit, and its status. */
export async function viewDiscount(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
  d: repo.DiscountRow,
): Promise<Discount> {
  const db = deps.database.db;
  const now = deps.clock();
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
