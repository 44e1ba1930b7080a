import type { CampaignDraft, CampaignKind, DraftActivity, DraftPrize } from '@campaign/contract';
import { KIND_ACTIVITY_TYPE } from '@campaign/contract';

// The draft a new campaign starts from, per kind: everything filled in with something sensible that passes
// the schemas, so the operator edits rather than types from nothing (the checks still apply: dates, stock).

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const prize = (p: DraftPrize): DraftPrize => ({ stock: null, perUserCap: null, valueCents: 0, tiers: [], ...p });

/** The consolation prize every kind ends its table with. */
function thanks(): DraftPrize {
  return prize({
    id: 'thanks',
    name: '谢谢参与',
    kind: 'thanks',
    image: '/prizes/thanks.svg',
    weight: 800,
    consolation: true,
  });
}

/** The offers (new customer, new user): one gift. */
function offerPrizes(): DraftPrize[] {
  return [
    prize({
      id: 'gift',
      name: '新客礼券 10 元',
      kind: 'coupon',
      image: '/prizes/coupon.svg',
      weight: 1,
      stock: 1000,
      perUserCap: 1,
      valueCents: 1000,
    }),
    thanks(),
  ];
}

/** A coupon campaign: two coupons. */
function couponPrizes(): DraftPrize[] {
  return [
    prize({
      id: 'coupon-5',
      name: '5 元消费券',
      kind: 'coupon',
      image: '/prizes/coupon.svg',
      weight: 150,
      stock: 2000,
      perUserCap: 1,
      valueCents: 500,
    }),
    prize({
      id: 'ticket',
      name: '到店兑换券',
      kind: 'coupon',
      image: '/prizes/card.svg',
      weight: 50,
      stock: 500,
      perUserCap: 1,
      valueCents: 2000,
    }),
    thanks(),
  ];
}

/** A game: a physical first prize, a red packet and points. */
function gamePrizes(): DraftPrize[] {
  return [
    prize({
      id: 'first',
      name: '一等奖 蓝牙耳机',
      kind: 'physical',
      image: '/prizes/headphones.svg',
      weight: 1,
      stock: 10,
      perUserCap: 1,
      valueCents: 29_900,
    }),
    prize({
      id: 'second',
      name: '二等奖 10 元红包',
      kind: 'coupon',
      image: '/prizes/red-packet.svg',
      weight: 49,
      stock: 500,
      valueCents: 1000,
    }),
    prize({
      id: 'points',
      name: '50 积分',
      kind: 'points',
      image: '/prizes/points.svg',
      weight: 150,
      stock: 5000,
      points: 50,
      valueCents: 50,
    }),
    thanks(),
  ];
}

function prizesFor(kind: CampaignKind): DraftPrize[] {
  if (kind === 'newCustomer' || kind === 'newUser') return offerPrizes();
  if (kind === 'coupon') return couponPrizes();
  return gamePrizes();
}

const RULES =
  '一、活动时间：以活动页面展示为准。\n二、参与方式：符合条件的客户每日可参与抽奖，次数以页面提示为准。\n' +
  '三、奖品说明：奖品数量有限，先到先得；实物奖品请在中奖后 7 日内填写收货地址。\n' +
  '四、本活动抽奖结果可公开验证，活动结束后公布随机种子。\n五、如有疑问请咨询本行客服。';

/** A coupon campaign's usage rules (使用说明) to start from. */
const COUPON_RULES = ['每张券限使用一次，不找零、不兑现。', '请在有效期内到适用门店出示券码核销。'];

/** A new draft of this kind, titled, its window starting tomorrow at the next whole hour for 30 days. */
export function template(kind: CampaignKind, title: string, now: number): CampaignDraft {
  const startsAt = Math.ceil((now + DAY) / HOUR) * HOUR;
  const endsAt = startsAt + 30 * DAY;
  const type = KIND_ACTIVITY_TYPE[kind];
  const activity = (t: string): DraftActivity => ({
    type: t,
    title,
    subtitle: '',
    startsAt,
    endsAt,
    rules: RULES,
    chances:
      t === 'newCustomer' || t === 'newUser' ? { perDay: null, perActivity: 1 } : { perDay: 3, perActivity: null },
    eligibility: { whiteListOnly: false, cgroupIds: [], newCustomersSince: null, blacklist: [] },
    claim: { addressWindowDays: 7, couponValidDays: 30, couponRules: kind === 'coupon' ? COUPON_RULES : [] },
    prizes: prizesFor(kind),
  });
  switch (kind) {
    case 'discount':
      return {
        kind,
        discount: {
          title,
          rules: ['每位客户限享一次，名额有限，先到先得。'],
          amountCents: 1000,
          thresholdCents: 5000,
          validCards: [],
          validMerchants: [],
          startsAt,
          endsAt,
          totalLimit: 1000,
          perUserLimit: 1,
          dailyLimit: null,
        },
      };
    case 'storeList':
      return { kind, stores: { list: { name: title, stores: [], activities: [] }, stores: [] } };
    case 'staffList':
      return { kind, staffList: [] };
    case 'signin':
      return {
        kind,
        activity: activity('ranking'),
        season: {
          tasks: [{ id: 'signin', kind: 'signin', title: '每日签到', points: 10, period: 'daily' }],
          bands: [{ from: 1, to: 10, prize: 'first' }],
        },
      };
    case 'ranking':
      return {
        kind,
        activity: activity('ranking'),
        season: {
          tasks: [
            { id: 'signin', kind: 'signin', title: '每日签到', points: 10, period: 'daily' },
            { id: 'visit', kind: 'visit', title: '逛一逛积分商城', points: 15, period: 'daily', seconds: 15 },
            { id: 'invite', kind: 'invite', title: '邀请好友', points: 50, period: 'perInvitee' },
          ],
          bands: [
            { from: 1, to: 10, prize: 'first' },
            { from: 11, to: 100, prize: 'second' },
          ],
        },
      };
    case 'newCustomer':
      return { kind, activity: activity('newCustomer'), invites: { perDay: 5, perSeason: 20, linkTtlHours: 72 } };
    case 'coupon':
      // Where its tickets are redeemed: stores picked from the stores' master data (none yet).
      return {
        kind,
        activity: activity('common'),
        stores: { list: { name: `${title.slice(0, 36)}适用门店`, stores: [], activities: [] }, stores: [] },
      };
    default:
      return { kind, activity: activity(type ?? 'common') };
  }
}
