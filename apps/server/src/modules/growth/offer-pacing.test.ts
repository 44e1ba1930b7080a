import type { Offer, OfferClaim } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, T0, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const HOUR = 3_600_000;

// T0 is 10:00 in China; the offer started at 09:00 and releases 3 gifts then and at 11:00 each day (ADR 0063).
const PACED = `
activities:
  - id: paced-offer
    corp: demo
    type: newUser
    title: 新户礼
    startsAt: now-1h
    endsAt: now+10d
    chances: { perActivity: 1 }
    rules: <p>规则</p>
    prizes:
      - { id: gift, name: 5元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 500, release: { every: day, at: "11:00", units: 3 } }
`;

describe.each(kinds)('an offer whose gifts are released on a schedule on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { publish, login } = campaignActions(() => t);

  const claim = async (cookie: string) =>
    body<{ claim: OfferClaim }>(
      await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/offer/claim?corpId=demo',
        headers: { ...H5, cookie },
        payload: { actId: 'paced-offer' },
      }),
    );
  const detail = async (cookie: string) =>
    body<Offer>(
      await t.app.inject({ url: '/bmcs/api/offer/detail?corpId=demo&actId=paced-offer', headers: { cookie } }),
    ).data;
  const crowd = async (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(await login());
    return out;
  };

  it('20 claims at once take the 3 released gifts; the rest are told to come back at 11:00, then claim again', async () => {
    await publish(PACED);
    let people = await crowd(20);
    let codes = (await Promise.all(people.map(claim))).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 4004)).toHaveLength(17);
    expect((await detail(people[19] as string)).gift).toMatchObject({ left: 0, nextReleaseAt: T0 + HOUR });
    t.clock.advance(HOUR);
    people = await crowd(20);
    expect((await detail(people[0] as string)).gift).toMatchObject({ left: 3 });
    codes = (await Promise.all(people.map(claim))).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    const claims = await t.database.db
      .selectFrom('offer_claim')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('act_id', '=', 'paced-offer')
      .executeTakeFirstOrThrow();
    // A refused claim leaves nothing behind: 6 claims for 6 gifts.
    expect(Number(claims.n)).toBe(6);
    t.clock.advance(-HOUR);
  });
});
