import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const ACT = 'pro1-season';
const DAY = 86_400_000;

type Standing = { score: number; rank: number | null };
type Credit = { credited: boolean; points: number; standing: Standing };

describe.each(kinds)('the ranking season on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { login, draw } = campaignActions(() => t);

  const get = (cookie: string, path: string, extra: Record<string, string> = {}) =>
    t.app.inject({ url: `/bmcs/api/season/${path}`, headers: { ...H5, cookie, ...extra } });
  const post = (cookie: string, path: string, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/season/${path}?corpId=demo`,
      headers: { ...H5, cookie, ...extra },
      payload,
    });
  const signIn = async (cookie: string) =>
    body<Credit>(await post(cookie, 'signin', { actId: ACT, taskId: 'signin' })).data;
  const userId = async (mobile: string) =>
    (await t.database.db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
  let seq = 0;
  const customer = async () => {
    seq++;
    const mobile = `1361${kind === 'sqlite' ? 1 : 2}${String(seq).padStart(6, '0')}`;
    const cookie = await login(mobile);
    // A session idles out when the test clock jumps days: log in again as the same customer.
    return { cookie, id: await userId(mobile), again: () => login(mobile) };
  };

  it('the daily sign-in credits once per campaign day; points and rank follow the ledger', async () => {
    const a = await customer();
    const home0 = body<{ me: Standing; status: string }>(await get(a.cookie, `home?corpId=demo&actId=${ACT}`)).data;
    expect(home0).toMatchObject({ status: 'live', me: { score: 0, rank: null } });
    const first = await signIn(a.cookie);
    expect(first).toMatchObject({ credited: true, points: 10, standing: { score: 10 } });
    expect(first.standing.rank).toBeGreaterThanOrEqual(1);
    const again = await signIn(a.cookie);
    expect(again).toMatchObject({ credited: false, points: 0, standing: { score: 10 } });
    t.clock.advance(DAY);
    const later = await a.again();
    expect((await signIn(later)).standing.score).toBe(20);
    const tasks = body<{ tasks: { id: string; doneNow: boolean; timesTotal: number }[] }>(
      await get(later, `tasks?corpId=demo&actId=${ACT}`),
    ).data.tasks;
    expect(tasks.find((x) => x.id === 'signin')).toMatchObject({ doneNow: true, timesTotal: 2 });
    expect(tasks.find((x) => x.id === 'visit-shop')).toMatchObject({ doneNow: false, timesTotal: 0 });
  });

  it('20 sign-ins at once by one customer credit once', async () => {
    const a = await customer();
    const results = await Promise.all(Array.from({ length: 20 }, () => signIn(a.cookie)));
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('season_ledger')
      .selectAll()
      .where('corp_id', '=', 'demo')
      .where('user_id', '=', a.id)
      .execute();
    expect(rows).toHaveLength(1);
    // Different tasks of one customer at once: each credits, none is lost (one row lock orders them).
    const b = await customer();
    await Promise.all(
      ['signin', 'visit-shop', 'draw-wheel', 'invite'].map((task) =>
        t.services.seasonOperations.creditAt('demo', ACT, b.id, task, t.clock.now),
      ),
    );
    expect(await t.services.season.standing('demo', ACT, b.id)).toMatchObject({ score: 10 + 15 + 20 + 50 });
    const score = await t.database.db
      .selectFrom('season_score')
      .select('score')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(Number(score.score)).toBe(10);
  });

  it('ranks by score, ties by who reached it first; the tallies agree with a full sort under concurrent credits', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => customer()));
    // Spread the credits over several hours (tally buckets) and let many land at the same moment.
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        people.map((p, i) =>
          (i + round) % 3 === 0
            ? Promise.resolve()
            : t.services.seasonOperations.creditAt(
                'demo',
                ACT,
                p.id,
                ['signin', 'visit-shop', 'draw-wheel'][i % 3] as string,
                t.clock.now + (i % 4),
              ),
        ),
      );
      t.clock.advance(DAY + 37 * 60_000);
    }
    const all = await t.database.db
      .selectFrom('season_score')
      .select(['user_id', 'score', 'reached_at'])
      .where('corp_id', '=', 'demo')
      .where('act_id', '=', ACT)
      .where('score', '>', 0)
      .execute();
    const sorted = all
      .map((r) => ({ id: r.user_id, score: Number(r.score), at: Number(r.reached_at) }))
      .sort((x, y) => y.score - x.score || x.at - y.at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    for (const [i, r] of sorted.entries()) {
      expect(await t.services.season.standing('demo', ACT, r.id)).toEqual({ score: r.score, rank: i + 1 });
    }
    const rank = body<{
      participants: number;
      top: { rank: number; score: number; name: string; me: boolean }[];
      me: Standing;
    }>(await get(await (people[0] as { again: () => Promise<string> }).again(), `rank?corpId=demo&actId=${ACT}`)).data;
    expect(rank.participants).toBe(sorted.length);
    expect(rank.top.map((r) => r.score)).toEqual(sorted.slice(0, 100).map((r) => r.score));
    expect(rank.top[0]?.name).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // Two customers with equal points: the one who got there first ranks ahead.
    const [x, y] = [await customer(), await customer()];
    await signIn(y.cookie);
    t.clock.advance(1000);
    await signIn(x.cookie);
    const sx = await t.services.season.standing('demo', ACT, x.id);
    const sy = await t.services.season.standing('demo', ACT, y.id);
    expect(sx.score).toBe(sy.score);
    expect((sy.rank ?? 0) + 1).toBe(sx.rank);
  });

  it('a visit credits only after the seconds have passed on the server clock, with its own token', async () => {
    const a = await customer();
    const b = await customer();
    const start = body<{ token: string; seconds: number }>(
      await post(a.cookie, 'visit/start', { actId: ACT, taskId: 'visit-shop' }),
    ).data;
    expect(start.seconds).toBe(5);
    const before = await countRows(t.database, 'season_ledger');
    t.clock.advance(3_000);
    const early = body(await post(a.cookie, 'visit/finish', { actId: ACT, taskId: 'visit-shop', token: start.token }));
    expect(early.code).toBe(4703);
    expect(early.data).toContain('浏览时间还不够');
    const en = body(
      await post(
        a.cookie,
        'visit/finish',
        { actId: ACT, taskId: 'visit-shop', token: start.token },
        { 'accept-language': 'en-US' },
      ),
    );
    expect(en.data).toContain('Stay on the page');
    t.clock.advance(2_000);
    const stolen = body(await post(b.cookie, 'visit/finish', { actId: ACT, taskId: 'visit-shop', token: start.token }));
    expect(stolen.code).toBe(4704);
    const forged = body(
      await post(a.cookie, 'visit/finish', { actId: ACT, taskId: 'visit-shop', token: 'x'.repeat(40) }),
    );
    expect(forged.code).toBe(4704);
    expect(await countRows(t.database, 'season_ledger')).toBe(before);
    const ok = body<Credit>(
      await post(a.cookie, 'visit/finish', { actId: ACT, taskId: 'visit-shop', token: start.token }),
    );
    expect(ok.data).toMatchObject({ credited: true, points: 15, standing: { score: 15 } });
    const replay = body<Credit>(
      await post(a.cookie, 'visit/finish', { actId: ACT, taskId: 'visit-shop', token: start.token }),
    );
    expect(replay.data.credited).toBe(false);
  });

  it('a draw in the named activity credits the draw task once a day', async () => {
    const a = await customer();
    for (let i = 0; i < 2; i++) expect(body(await draw(a.cookie, 'wheel-spring')).code).toBe(0);
    expect(await t.services.season.standing('demo', ACT, a.id)).toMatchObject({ score: 20 });
    expect(body(await draw(a.cookie, 'grid-lucky')).code).toBe(0);
    expect(await t.services.season.standing('demo', ACT, a.id)).toMatchObject({ score: 20 });
  });

  it('a counted invite credits the inviter once per invitee, even twice at the same moment', async () => {
    const inviter = await customer();
    const [f1, f2] = [await customer(), await customer()];
    const now = t.clock.now;
    await Promise.all([
      t.services.season.inviteCounted('demo', inviter.id, f1.id, now),
      t.services.season.inviteCounted('demo', inviter.id, f1.id, now),
    ]);
    await t.services.season.inviteCounted('demo', inviter.id, f1.id, now + 1000);
    expect(await t.services.season.standing('demo', ACT, inviter.id)).toMatchObject({ score: 50 });
    await t.services.season.inviteCounted('demo', inviter.id, f2.id, now + 2000);
    expect(await t.services.season.standing('demo', ACT, inviter.id)).toMatchObject({ score: 100 });
    // Another corp's seasons are untouched.
    await t.services.season.inviteCounted('demo-gray', inviter.id, f2.id, now);
  });

  it('bad input is refused in the customer language and stores nothing; another corp sees no season', async () => {
    const a = await customer();
    const before = await countRows(t.database, 'season_ledger');
    const unknown = body(await post(a.cookie, 'signin', { actId: ACT, taskId: 'visit-shop' }));
    expect(unknown).toEqual({ code: 4702, data: '该任务不存在' });
    const bad = body(await post(a.cookie, 'signin', { actId: ACT, taskId: 'a b' }, { 'accept-language': 'en-US' }));
    expect(bad.code).toBe(400);
    expect(bad.data).toContain('the task id is invalid');
    const noSeason = body(await post(a.cookie, 'signin', { actId: 'wheel-spring', taskId: 'signin' }));
    expect(noSeason.code).toBe(4701);
    const gray = body(await get(a.cookie, `home?corpId=demo-gray&actId=${ACT}`));
    expect(gray.code).not.toBe(0);
    expect(await countRows(t.database, 'season_ledger')).toBe(before);
  });

  it('settlement waits for the end, then awards each band once, even run twice at once', async () => {
    const a = await customer();
    expect(await t.services.seasonOperations.settle('demo', ACT).catch((e: Error) => e.message)).toContain(
      'SEASON_NOT_ENDED',
    );
    await t.services.seasonOperations.creditAt('demo', ACT, a.id, 'invite', t.clock.now);
    await t.services.seasonOperations.creditAt('demo', ACT, a.id, 'invite', t.clock.now + 1);
    await t.services.seasonOperations.creditAt('demo', ACT, a.id, 'invite', t.clock.now + 2);
    expect(await t.services.season.standing('demo', ACT, a.id)).toMatchObject({ rank: 1 });
    t.clock.advance(30 * DAY);
    const participants = Number(
      (
        await t.database.db
          .selectFrom('season_score')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('act_id', '=', ACT)
          .where('score', '>', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const runs = await Promise.all([
      t.services.seasonOperations.settle('demo', ACT),
      t.services.seasonOperations.settle('demo', ACT),
    ]);
    expect(runs.filter((r) => r.settled)).toHaveLength(1);
    const expected = Math.min(100, participants);
    expect(runs.reduce((n, r) => n + r.awarded, 0)).toBe(expected);
    expect(await t.services.seasonOperations.settle('demo', ACT)).toEqual({ settled: false, awarded: 0 });
    const awards = await t.database.db.selectFrom('award').select(['user_id']).where('act_id', '=', ACT).execute();
    expect(awards).toHaveLength(expected);
    expect(new Set(awards.map((w) => w.user_id)).size).toBe(expected);
    // Each band's prize came out of its stock: what is left plus what was awarded is what there was.
    const left = await t.services.stock.stockLeft('demo', ACT);
    const stockOf = (id: string) => left.find((p) => p.prizeId === id)?.left;
    expect(stockOf('phone')).toBe(0);
    const given = await t.database.db
      .selectFrom('award')
      .select(['prize_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('act_id', '=', ACT)
      .groupBy('prize_id')
      .execute();
    const initial: Record<string, number> = { phone: 1, buds: 9, gift: 40, 'cpn-20': 50 };
    for (const g of given) expect(Number(g.n) + (stockOf(g.prize_id) ?? 0), g.prize_id).toBe(initial[g.prize_id]);
    const mine = body<{ status: string; result: { rank: number; prize: { id: string } | null } }>(
      await get(await a.again(), `prizes?corpId=demo&actId=${ACT}`),
    ).data;
    expect(mine).toMatchObject({ status: 'settled', result: { rank: 1, prize: { id: 'phone' } } });
    const after = await a.again();
    const prizes = body(
      await t.app.inject({ url: '/bmcs/api/prizes/mine?corpId=demo', headers: { ...H5, cookie: after } }),
    );
    expect(prizes.code).toBe(0);
    expect(JSON.stringify(prizes.data)).toContain('智能手机');
    // After the season nothing more is credited.
    expect(body(await post(after, 'signin', { actId: ACT, taskId: 'signin' })).code).toBe(2003);
  });
});
