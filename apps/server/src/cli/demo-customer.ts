import { own } from '../db/owners';
import * as authRepo from '../modules/auth/repo';
import type { RequestUser } from '../platform/session';
import type { Services } from '../services';
import { seedAward } from './demo-award';

const DAY = 86_400_000;
/** The demo walk's customer (demo.yaml: nuid demo-vip-001, mobile 13800138000, phone code 123456 in the demo). */
const DEMO = { corpId: 'demo', nuid: 'demo-vip-001', actId: 'grid-lucky' } as const;

/**
 * What the address, order and coupon screens need to show on a fresh demo: two addresses, a physical
 * prize awaiting its address, and coupons unused, used and expired. Awards are written through the prizes
 * service's own award step; only once (the draw ids are fixed).
 */
export async function seedDemoCustomer(services: Services, now: number): Promise<boolean> {
  const { database, corps } = services.base;
  const corp = await corps.get(database.db, DEMO.corpId, now);
  const row = await authRepo.findUser(own('auth', database.db), DEMO.corpId, { nuid: DEMO.nuid });
  if (!corp || !row) return false;
  if (await services.prizes.awardOfDraw(DEMO.corpId, 'demo-seed-gift')) return false;
  const user: RequestUser = {
    id: row.id,
    corpId: row.corp_id,
    nuid: row.nuid,
    mobile: row.mobile,
    openId: row.open_id,
    loginMethod: 'otp',
    tokenHash: '',
  };
  const address = {
    name: '王小明',
    mobile: row.mobile ?? '13800138000',
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    detail: '科技园南区 1 栋 1001 室',
  };
  await services.addresses.add(corp, user, address, 'demo-seed-address-1');
  await services.addresses.add(
    corp,
    user,
    {
      ...address,
      provinceCode: '110000',
      cityCode: '110100',
      districtCode: '110105',
      detail: '建国路 88 号 2 单元 302',
    },
    'demo-seed-address-2',
  );
  // Each takes a unit of its prize's stock, as a draw would.
  const award = (drawId: string, prizeId: string, kind: 'coupon' | 'physical', at: number) =>
    seedAward(services, {
      corpId: DEMO.corpId,
      userId: user.id,
      actId: DEMO.actId,
      drawId,
      prize: { id: prizeId, kind, points: null },
      now: at,
    });
  await award('demo-seed-gift', 'gift', 'physical', now);
  await award('demo-seed-movie', 'movie', 'coupon', now);
  const used = await award('demo-seed-cpn-10', 'cpn-10', 'coupon', now - DAY);
  // Past the activity's coupon validity (30 days in demo.yaml): shows as expired.
  await award('demo-seed-card', 'card', 'coupon', now - 40 * DAY);
  if (used) await services.coupons.useCoupon(corp, user, used.id, 'store', 'demo-seed-use');
  return true;
}
