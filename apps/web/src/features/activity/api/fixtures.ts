import { type ActivityDetail, type DrawResult, GAME_PAGE_DEFAULTS } from '@campaign/contract/client';

export function detailFixture(actId: string, over: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    actId,
    actGroupId: 'spring',
    type: 'wheel',
    title: `title ${actId}`,
    subtitle: '',
    status: 'live',
    startsAt: 1_000,
    endsAt: 9_000_000_000_000,
    rulesHtml: '<p>rules</p>',
    version: 2,
    versionPublishedAt: 1_700_000_000_000,
    chancesPerDay: 3,
    chancesPerActivity: null,
    prizes: [
      prize('cpn', 'coupon', 'Coupon 5', 300, 500, '30.00%'),
      prize('pts', 'points', '88 points', 200, null, '20.00%'),
      prize('thanks', 'thanks', 'Thanks', 500, null, '50.00%', true),
    ],
    fairness: { commitment: 'ab'.repeat(32), seed: null, algorithm: 'HMAC-SHA256' },
    claim: { addressWindowDays: 7, couponValidDays: 30 },
    page: {
      banner: null,
      primaryColor: '#e3352e',
      backgroundColor: '#fff',
      textColor: '#333',
      buttonImage: null,
      shareTitle: '',
      shareText: '',
      shareImage: null,
      ...GAME_PAGE_DEFAULTS,
    },
    ...over,
  };
}

function prize(
  id: string,
  kind: ActivityDetail['prizes'][number]['kind'],
  name: string,
  weight: number,
  totalStock: number | null,
  percentText: string,
  consolation = false,
): ActivityDetail['prizes'][number] {
  return {
    id,
    name,
    kind,
    image: `/prizes/${id}.svg`,
    valueCents: 0,
    totalStock,
    perUserCap: null,
    unlockAfterDraws: null,
    weight,
    probability: weight / 1000,
    percentText,
    consolation,
  };
}

export function drawFixture(over: Partial<DrawResult> = {}): DrawResult {
  return {
    drawId: 'd1',
    actId: 'wheel',
    drawIndex: 1,
    prize: { id: 'pts', name: '88 points', kind: 'points', image: '/prizes/pts.svg', valueCents: 0 },
    prizeIndex: 1,
    award: { awardId: 'a1', status: 'issued', couponCode: null, points: 88, orderId: null },
    fallback: false,
    chancesLeft: 2,
    rollHex: '0a1b2c3d4e5f',
    createdAt: 1_700_000_000_000,
    ...over,
  };
}
