import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('activities on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const { publish } = campaignActions(() => t);

  it('a missing activity is returnCode ≠ 0 with no data (spec §5)', async () => {
    const r = body<{ returnCode: number; data: null }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=nope'),
    );
    expect(r.code).toBe(0);
    expect(r.data.returnCode).toBe(2001);
    expect(r.data.data).toBeNull();
  });

  it('publication refuses a prize over ¥50,000 and stores nothing', async () => {
    const yaml = activityYaml('too-rich', {
      prizes: [
        '      - { id: car, name: 汽车, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 1, valueCents: 5000001 }',
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
      ].join('\n'),
    });
    await expect(publish(yaml)).rejects.toThrow(/PUBLISH_REFUSED: prize car .*above the ¥50,000 limit/);
    const row = await t.database.db.selectFrom('activity').select('id').where('id', '=', 'too-rich').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('a change of odds of a live activity makes a new version shown with its time; stock changes do not', async () => {
    const prizes = (w: number, stock: number) =>
      [
        `      - { id: a, name: A, kind: coupon, image: /prizes/coupon.svg, weight: ${w}, stock: ${stock}, valueCents: 100 }`,
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 10, consolation: true }',
      ].join('\n');
    await publish(activityYaml('versions', { prizes: prizes(10, 5) }));
    const detail = async () =>
      (
        body<{ data: { version: number; versionPublishedAt: number; prizes: { percentText: string }[] } }>(
          await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=versions'),
        ).data as unknown as {
          data: { version: number; versionPublishedAt: number; prizes: { percentText: string }[] };
        }
      ).data;
    expect((await detail()).version).toBe(1);
    t.clock.advance(60_000);
    await publish(activityYaml('versions', { prizes: prizes(10, 50) }));
    expect((await detail()).version).toBe(1);
    await publish(activityYaml('versions', { prizes: prizes(30, 50) }));
    const v2 = await detail();
    expect(v2.version).toBe(2);
    expect(v2.versionPublishedAt).toBe(t.clock.now);
    expect(v2.prizes[0]?.percentText).toBe('75.00%');
  });

  it('group detail and the activity park', async () => {
    const g = body(await t.app.inject('/bmcs/api/v3/activity/group?corpId=demo&actGroupId=spring-fest')).data;
    expect(g).toMatchObject({ actGroupId: 'spring-fest', rocc: 0 });
    const park = body<{ actId: string; status: string }[]>(
      await t.app.inject('/bmcs/api/activity/park?corpId=demo'),
    ).data;
    expect(park.map((p) => p.actId)).toEqual(expect.arrayContaining(['wheel-spring', 'grid-lucky', 'scratch-preview']));
    expect(park.map((p) => p.actId)).not.toContain('wheel-autumn');
    // Another tenant sees none of it.
    const other = body<unknown[]>(await t.app.inject('/bmcs/api/activity/park?corpId=demo-gray')).data;
    expect(other).toEqual([]);
    const detail = body<{ returnCode: number }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo-gray&actId=wheel-spring'),
    ).data;
    expect(detail.returnCode).toBe(2001);
  });
});
