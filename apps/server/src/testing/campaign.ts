import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { parseDefinition } from '../campaign-file/definition';
import { applyDefinition } from '../campaign-file/import';
import { body, cookieJar, H5, type TestApp } from './harness';

/** A small activity file for the rules under test; times relative to the test clock. */
export function activityYaml(id: string, extra: { prizes: string; chances?: string; more?: string }) {
  return `
activities:
  - id: ${id}
    corp: demo
    type: wheel
    title: 测试转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: ${extra.chances ?? '{ perDay: 100 }'}
    rules: <p>规则</p>
${extra.more ?? ''}
    prizes:
${extra.prizes}
`;
}

/**
 * What the integration suites do as an operator and as customers: publish a campaign file, log in
 * (each login from its own address, below the per-IP login limit), draw. `app` is read when called, so
 * the helpers can be made before `beforeAll` starts the app.
 */
export function campaignActions(app: () => TestApp) {
  let userSeq = 0;
  return {
    publish: async (yaml: string) => {
      const t = app();
      return applyDefinition(
        t.database.db,
        t.services.publishing,
        parseDefinition(yaml, 'test.yaml', t.clock.now),
        t.clock.now,
      );
    },

    async login(mobile = `1370000${String(userSeq + 1).padStart(4, '0')}`, corp = 'demo') {
      userSeq++;
      const jar = cookieJar();
      const res = await app().app.inject({
        method: 'POST',
        url: `/bmcs/api/auth/otp/login?corpId=${corp}`,
        headers: H5,
        payload: { mobile, code: '123456' },
        remoteAddress: `10.9.${userSeq % 250}.${Math.floor(userSeq / 250)}`,
      });
      expect(body(res).code).toBe(0);
      jar.take(res);
      return jar.header();
    },

    draw: (cookie: string, actId: string, key: string = randomUUID(), path = '/bmcs/api/v2/lottery') =>
      app().app.inject({
        method: 'POST',
        url: `${path}?corpId=demo`,
        headers: { ...H5, cookie, 'idempotency-key': key },
        payload: { actId },
      }),
  };
}

/**
 * The claim suites' two activities: `giftId` always gives a physical gift (an order awaiting its address),
 * `couponId` always a coupon; addresses within 3 days, coupons valid 5 days.
 */
export function claimActivities(giftId: string, couponId: string): string[] {
  const claim = "    claim: { addressWindowDays: 3, couponValidDays: 5, couponRules: ['限本人使用', '不找零'] }";
  const thanks =
    '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }';
  return [
    activityYaml(giftId, {
      prizes: `      - { id: g, name: 礼盒, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 100, valueCents: 9900 }\n${thanks}`,
      more: claim,
    }),
    activityYaml(couponId, {
      prizes: `      - { id: c, name: 十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 1000 }\n${thanks}`,
      more: claim,
    }),
  ];
}
