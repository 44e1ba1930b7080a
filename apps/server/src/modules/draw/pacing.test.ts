import type { DrawResult } from '@campaign/contract';
import { type ReleaseSchedule, releaseState } from '@campaign/contract/release-schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, T0, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('a release schedule in China time', () => {
  // T0 is 2026-11-22 10:00 in China; the campaign started at 09:00.
  const start = T0 - HOUR;
  const end = T0 + 3 * DAY;
  const daily: ReleaseSchedule = { every: 'day', at: '11:00', units: 5, rollover: true };
  it('releases at the start, then at each day’s time, and says when the next comes', () => {
    expect(releaseState(daily, start, end, start - 1)).toEqual({ releases: 0, periodStart: null, nextAt: start });
    expect(releaseState(daily, start, end, T0)).toEqual({ releases: 1, periodStart: start, nextAt: T0 + HOUR });
    expect(releaseState(daily, start, end, T0 + HOUR)).toEqual({
      releases: 2,
      periodStart: T0 + HOUR,
      nextAt: T0 + HOUR + DAY,
    });
    expect(releaseState(daily, start, end, T0 + HOUR + 2 * DAY + 1).nextAt).toBeNull();
  });
  it('releases hourly on the hour', () => {
    const hourly: ReleaseSchedule = { every: 'hour', units: 3, rollover: false };
    const s = releaseState(hourly, start + 90_000, end, T0 + 30 * 60_000);
    expect(s).toEqual({ releases: 2, periodStart: T0, nextAt: T0 + HOUR });
  });
});

/**
 * Issue 37, ADR 0063: a paced prize gives only what its schedule has released, exactly, with 20 draws at once;
 * the surplus says what is left now and when the next release comes.
 */
describe.each(kinds)('stock released on a schedule on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { config: testConfig({ maxDrawsInFlight: 5000 }) });
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const paced = (id: string, stock: number, release: string) =>
    activityYaml(id, {
      chances: '{ perActivity: 100 }',
      prizes: [
        `      - { id: hot, name: 爆款, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: ${stock}, valueCents: 100, release: ${release} }`,
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
      ].join('\n'),
    });

  async function rush(actId: string, cookies: string[]) {
    const answers = await Promise.all(cookies.map((c) => draw(c, actId)));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    return answers.map((a) => body<DrawResult>(a).data).filter((r) => r.prize.id === 'hot').length;
  }
  async function surplus(actId: string, cookie: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/bmcs/api/v2/activity/surplus?corpId=demo&actId=${actId}`,
      headers: { ...H5, cookie },
    });
    const data = body<{ surplusInfo: { prizes: { prizeId: string; left: number; nextReleaseAt?: number | null }[] } }>(
      res,
    ).data;
    return data.surplusInfo.prizes.find((p) => p.prizeId === 'hot');
  }
  const cookiesOf = async (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(await login());
    return out;
  };

  // A customer's session lasts less than an hour of the test's clock: a new crowd signs in after each move.
  it('with rollover: 5 units at the start, 5 more at 11:00, the last 2 the next day, never one more', async () => {
    await publish(paced('paced-roll', 12, '{ every: day, at: "11:00", units: 5 }'));
    let crowd = await cookiesOf(20);
    expect(await rush('paced-roll', crowd)).toBe(5);
    expect(await surplus('paced-roll', crowd[0] as string)).toEqual({
      prizeId: 'hot',
      left: 0,
      nextReleaseAt: T0 + HOUR,
    });
    t.clock.advance(HOUR);
    crowd = await cookiesOf(20);
    expect(await surplus('paced-roll', crowd[0] as string)).toMatchObject({ left: 5 });
    expect(await rush('paced-roll', crowd)).toBe(5);
    t.clock.advance(DAY);
    crowd = await cookiesOf(20);
    expect(await rush('paced-roll', crowd)).toBe(2);
    // Every unit given: no release is waited for.
    expect(await surplus('paced-roll', crowd[0] as string)).toEqual({ prizeId: 'hot', left: 0, nextReleaseAt: null });
    t.clock.advance(-DAY - HOUR);
  });

  it('without rollover: each hour gives its 3 units at most, whatever the hour before left', async () => {
    await publish(paced('paced-hourly', 100, '{ every: hour, units: 3, rollover: false }'));
    let crowd = await cookiesOf(2);
    expect(await rush('paced-hourly', crowd)).toBe(2);
    expect(await surplus('paced-hourly', crowd[0] as string)).toMatchObject({ left: 1, nextReleaseAt: T0 + HOUR });
    t.clock.advance(HOUR);
    crowd = await cookiesOf(20);
    expect(await rush('paced-hourly', crowd)).toBe(3);
    expect(await rush('paced-hourly', crowd)).toBe(0);
    t.clock.advance(HOUR);
    crowd = await cookiesOf(20);
    expect(await rush('paced-hourly', crowd)).toBe(3);
    const left = await t.database.db
      .selectFrom('prize')
      .select('left_stock')
      .where('act_id', '=', 'paced-hourly')
      .where('id', '=', 'hot')
      .executeTakeFirstOrThrow();
    expect(left.left_stock).toBe(100 - 8);
    t.clock.advance(-2 * HOUR);
  });

  it('a schedule that gives more than the stock, or on the consolation prize, is refused', async () => {
    await expect(publish(paced('paced-bad', 4, '{ every: day, units: 5 }'))).rejects.toThrow(/at most/);
    await expect(publish(paced('paced-bad2', 4, '{ every: hour, at: "10:00", units: 1 }'))).rejects.toThrow(/整点/);
  });
});
