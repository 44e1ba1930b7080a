import type { InviteLink, InviteSuccess, InviteTask, Offer, OfferClaim } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../platform/services';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';
import { createGrowthService } from './service';

const kinds = await dialects();
// The service's own origin as light-my-request presents it (invite links may point only at the corp's own H5).
const ORIGIN = 'http://localhost:80';

/** An offer of its own (with invites) per test, so tests do not share claims or tallies. */
function offerYaml(
  id: string,
  o: { type?: string; since?: string; perDay?: number; perSeason?: number; more?: string; valueCents?: number } = {},
) {
  return `
activities:
  - id: ${id}
    corp: demo
    type: ${o.type ?? 'newCustomer'}
    title: 新客礼
    startsAt: now-1h
    endsAt: now+10d
    chances: { perActivity: 1 }
    eligibility: { newCustomersSince: ${o.since ?? 'now-1h'} ${o.more ?? ''} }
    rules: <p>规则</p>
    prizes:
      - { id: gift, name: 20元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: ${o.valueCents ?? 2000} }
${
  (o.type ?? 'newCustomer') === 'newCustomer'
    ? `invites:
  - { corp: demo, actId: ${id}, perDay: ${o.perDay ?? 5}, perSeason: ${o.perSeason ?? 20}, linkTtlHours: 2 }`
    : ''
}
`;
}

describe.each(kinds)('growth: offers and invites on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const get = async <T>(cookie: string, path: string, corp = 'demo') =>
    body<T>(
      await t.app.inject({
        url: `/bmcs/api${path}${path.includes('?') ? '&' : '?'}corpId=${corp}`,
        headers: { cookie },
      }),
    );
  const post = async <T>(cookie: string, path: string, payload: object, corp = 'demo') =>
    body<T>(
      await t.app.inject({
        method: 'POST',
        url: `/bmcs/api${path}?corpId=${corp}`,
        headers: { ...H5, cookie },
        payload,
      }),
    );
  const offer = (cookie: string, actId: string, corp = 'demo') =>
    get<Offer>(cookie, `/offer/detail?actId=${actId}`, corp);
  const claim = (cookie: string, actId: string, corp = 'demo') =>
    post<{ claim: OfferClaim; replayed: boolean }>(cookie, '/offer/claim', { actId }, corp);
  const link = (cookie: string, actId: string, corp = 'demo') =>
    post<InviteLink>(cookie, '/invite/qrcode', { actId, origin: ORIGIN }, corp);
  const accept = (cookie: string, token: string, corp = 'demo') =>
    post<{ actId: string; counted: boolean }>(cookie, '/invite/accept', { token }, corp);
  const success = (cookie: string, actId: string) => post<InviteSuccess>(cookie, '/invite/success', { actId });
  const rowsOf = async (table: 'offer_claim' | 'invite' | 'award') => countRows(t.database, table);

  it('the corp gates exist and answer: white list, customer groups, enterprise groups', async () => {
    const vip = await login('13800138000');
    expect((await get<{ white: boolean }>(vip, '/corp/white-check')).data.white).toBe(true);
    expect((await get<{ white: boolean }>(vip, '/corp/white-check', 'demo-branch')).data.white).toBe(false);
    expect((await post<{ member: boolean }>(vip, '/cgroup/check', { cgroupIds: ['vip', 'x'] })).data).toEqual({
      member: true,
      matched: ['vip'],
    });
    expect((await post<{ member: boolean }>(await login(), '/cgroup/check', { cgroupIds: ['vip'] })).data.member).toBe(
      false,
    );
    expect((await get<{ passed: boolean }>(vip, '/v2/group/eiop-check?groupIds=eiop-south')).data.passed).toBe(true);
    expect((await get<{ passed: boolean }>(vip, '/v3/group/eiop-check?groupIds=nope')).data.passed).toBe(false);
  });

  it('a new customer claims once: the coupon reaches the prize list; a second claim answers the first', async () => {
    const me = await login();
    const o = (await offer(me, 'newcust-spring')).data;
    expect(o).toMatchObject({ type: 'newCustomer', blocked: null, claim: null, invites: true, status: 'live' });
    expect(o.gift).toMatchObject({ prizeId: 'cpn-new-20', kind: 'coupon', valueCents: 2000, left: 5000 });
    const first = await claim(me, 'newcust-spring');
    expect(first.code).toBe(0);
    expect(first.data.replayed).toBe(false);
    expect(first.data.claim.couponCode).toMatch(/\S{6,}/);
    const again = await claim(me, 'newcust-spring');
    expect(again.data).toEqual({ claim: first.data.claim, replayed: true });
    expect((await offer(me, 'newcust-spring')).data.claim).toEqual(first.data.claim);
    expect((await offer(me, 'newcust-spring')).data.gift.left).toBe(4999);
    const mine = await get<{ awardId: string; actId: string; kind: string; couponCode: string }[]>(me, '/prizes/mine');
    expect(mine.data.filter((p) => p.actId === 'newcust-spring')).toMatchObject([
      // No draw gave it: no draw id for the verify page.
      { awardId: first.data.claim.awardId, kind: 'coupon', couponCode: first.data.claim.couponCode, drawId: null },
    ]);
  });

  it('a gift worth more than the corp’s threshold waits for a bank approver: no code until approved', async () => {
    // ¥2,000 against the demo corp's ¥1,000 threshold.
    await publish(offerYaml('nc-dear', { valueCents: 200_000 }));
    const me = await login('13700001234');
    const first = await claim(me, 'nc-dear');
    expect(first.code).toBe(0);
    expect(first.data.claim).toMatchObject({ status: 'pending_approval', couponCode: null });
    expect((await offer(me, 'nc-dear')).data.claim).toEqual(first.data.claim);
    const request = await t.database.db
      .selectFrom('approval_request')
      .select(['id', 'kind', 'status'])
      .where('subject', '=', first.data.claim.awardId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'prize-award', status: 'pending' });

    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const detail = body<{ context: { label: string; value: string }[] }>(
      await t.app.inject({
        url: `/bmcs/api/approval/detail?corpId=demo&id=${request.id}`,
        headers: { ...H5, cookie: approver },
      }),
    ).data;
    // The approver reads the offer by its title and the customer by a masked mobile.
    expect(detail.context).toContainEqual({ label: '活动', value: '新客礼' });
    expect(detail.context).toContainEqual({ label: '客户', value: '137****1234' });
    const decided = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/approval/decide?corpId=demo',
      headers: { ...H5, cookie: approver },
      payload: { id: request.id, decision: 'approve', comment: '核实无误' },
    });
    expect(body(decided).code).toBe(0);
    const after = (await offer(me, 'nc-dear')).data.claim;
    expect(after).toMatchObject({ awardId: first.data.claim.awardId, status: 'issued' });
    expect(after?.couponCode).toMatch(/\S{6,}/);
  });

  it('50 concurrent claims by one customer make exactly one claim and one award', async () => {
    await publish(offerYaml('nc-burst'));
    const me = await login();
    const [claims0, awards0] = [await rowsOf('offer_claim'), await rowsOf('award')];
    const all = await Promise.all(Array.from({ length: 50 }, () => claim(me, 'nc-burst')));
    expect(all.map((r) => r.code)).toEqual(Array(50).fill(0));
    expect(new Set(all.map((r) => r.data.claim.awardId)).size).toBe(1);
    expect(all.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(await rowsOf('offer_claim')).toBe(claims0 + 1);
    expect(await rowsOf('award')).toBe(awards0 + 1);
    expect((await offer(me, 'nc-burst')).data.gift.left).toBe(99);
  });

  it('a customer who joined before the offer’s date, or of a corp off the white list, is refused and nothing is stored', async () => {
    await publish(offerYaml('nc-later', { since: 'now+1h' }));
    const old = await login();
    expect((await offer(old, 'nc-later')).data.blocked).toBe('not-new');
    const before = await rowsOf('award');
    const refused = await claim(old, 'nc-later');
    expect(refused.code).toBe(4002);
    expect(refused.data).toBe('您暂不符合领取条件');
    expect(await rowsOf('award')).toBe(before);

    const branch = await login(undefined, 'demo-branch');
    expect((await offer(branch, 'newcust-branch', 'demo-branch')).data.blocked).toBe('corp');
    expect((await claim(branch, 'newcust-branch', 'demo-branch')).code).toBe(4002);
    expect((await link(branch, 'newcust-branch', 'demo-branch')).code).toBe(4002);
    expect((await get<InviteTask>(branch, '/invite/task?actId=newcust-branch', 'demo-branch')).data.blocked).toBe(
      'corp',
    );
    // Another corp's offer does not exist here.
    expect((await offer(branch, 'newcust-spring', 'demo-branch')).code).toBe(4001);
    expect(await rowsOf('award')).toBe(before);
  });

  it('customer groups gate an offer; a game is no offer and an offer is never drawn', async () => {
    await publish(offerYaml('nc-vip', { more: ', cgroupIds: [vip]' }));
    expect((await offer(await login(), 'nc-vip')).data.blocked).toBe('cgroup');
    const me = await login();
    expect((await offer(me, 'wheel-spring')).code).toBe(4001);
    expect(body(await draw(me, 'newcust-spring')).code).toBe(2001);
  });

  it('a new user is one whose first use falls in the offer; English callers get English refusals', async () => {
    await publish(offerYaml('nu-test', { type: 'newUser' }));
    const early = await login();
    t.clock.advance(1000);
    await publish(offerYaml('nu-later', { type: 'newUser' }).replace('now-1h', 'now'));
    expect((await offer(early, 'nu-later')).data.blocked).toBe('not-first-use');
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/offer/claim?corpId=demo',
      headers: { ...H5, cookie: early, 'accept-language': 'en-US' },
      payload: { actId: 'nu-later' },
    });
    expect(body(res)).toEqual({ code: 4002, data: 'You are not eligible for this offer' });
    expect((await claim(await login(), 'nu-later')).code).toBe(0);
  });

  it('invites: a signed link with a real QR code; a new invitee counts once; the inviter sees who', async () => {
    const inviter = await login('13911112222');
    const task = (await get<InviteTask>(inviter, '/invite/task?actId=newcust-spring')).data;
    expect(task).toMatchObject({ perDay: 5, perSeason: 20, countedToday: 0, countedSeason: 0, blocked: null });
    const l = (await link(inviter, 'newcust-spring')).data;
    expect(l.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(l.path).toBe(`/newCustomers?corpId=demo&actId=newcust-spring&invite=${l.token}`);
    expect(l.expiresAt).toBe(t.clock.now + 72 * 3_600_000);

    const invitee = await login('13922223333');
    expect((await accept(invitee, l.token)).data).toEqual({ actId: 'newcust-spring', counted: true });
    expect((await accept(invitee, l.token)).data).toEqual({ actId: 'newcust-spring', counted: false });
    expect((await success(inviter, 'newcust-spring')).data).toMatchObject({
      total: 1,
      list: [{ inviteeMasked: '139****3333' }],
    });
    expect((await get<InviteTask>(inviter, '/invite/task?actId=newcust-spring')).data).toMatchObject({
      countedToday: 1,
      countedSeason: 1,
    });
    // No self-invite; one inviter per invitee; a forged or foreign token is refused.
    expect((await accept(inviter, l.token)).code).toBe(4104);
    const other = (await link(await login(), 'newcust-spring')).data;
    expect((await accept(invitee, other.token)).code).toBe(4106);
    const [payload, mac] = l.token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['demo', 'newcust-spring', 'someone', 9e15])).toString('base64url')}.${mac}`;
    expect(payload).toBeTruthy();
    expect((await accept(await login(), forged)).code).toBe(4102);
    expect((await accept(await login(undefined, 'demo-branch'), l.token, 'demo-branch')).code).toBe(4102);
    expect((await success(inviter, 'newcust-spring')).data.total).toBe(1);
  });

  it('invites: the link expires; an old customer is no invitee; caps per day and per season hold', async () => {
    await publish(offerYaml('nc-caps', { since: 'now-1d', perDay: 2, perSeason: 3 }));
    const inviter = await login('13955556666');
    const l = (await link(inviter, 'nc-caps')).data;
    expect(l.expiresAt).toBe(t.clock.now + 2 * 3_600_000);
    const counted = async () => (await accept(await login(), l.token)).code;
    expect([await counted(), await counted(), await counted()]).toEqual([0, 0, 4107]);
    t.clock.advance(86_400_000);
    // The same inviter the next day (a new session: the first one timed out).
    const fresh = (await link(await login('13955556666'), 'nc-caps')).data;
    expect((await accept(await login(), fresh.token)).code).toBe(0);
    expect((await accept(await login(), fresh.token)).code).toBe(4107);
    expect((await success(await login('13955556666'), 'nc-caps')).data.total).toBe(3);
    t.clock.advance(3 * 3_600_000);
    expect((await accept(await login(), fresh.token)).code).toBe(4103);

    await publish(offerYaml('nc-strict', { since: 'now+1h' }));
    const old = await login();
    const l2 = (await link(await login(), 'nc-strict')).data;
    const res = await accept(old, l2.token);
    expect(res).toEqual({ code: 4105, data: '仅新客户可接受邀请' });
  });

  it('the same invitee arriving through two inviters at once is counted once', async () => {
    await publish(offerYaml('nc-race'));
    const a = (await link(await login(), 'nc-race')).data;
    const b = (await link(await login(), 'nc-race')).data;
    for (let i = 0; i < 5; i++) {
      const invitee = await login();
      const before = await rowsOf('invite');
      const [ra, rb, rc] = await Promise.all([
        accept(invitee, a.token),
        accept(invitee, b.token),
        accept(invitee, a.token),
      ]);
      const countedOnes = [ra, rb, rc].filter((r) => r.code === 0 && r.data.counted);
      expect(countedOnes).toHaveLength(1);
      expect(await rowsOf('invite')).toBe(before + 1);
    }
    const tallies = await t.database.db
      .selectFrom('invite_tally')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('act_id', '=', 'nc-race')
      .where('period', '=', 'season')
      .executeTakeFirstOrThrow();
    expect(Number(tallies.n)).toBe(5);
  });

  it('a counted invite is told to the season through InviteTaskPort, once', async () => {
    await publish(offerYaml('nc-port'));
    const told: unknown[][] = [];
    const growth = createGrowthService({
      ...depsOf('growth', t.services.base),
      catalogue: { ...t.services.activity, ...t.services.stock },
      prizes: t.services.prizes,
      inviteTasks: { inviteCounted: async (...args) => void told.push(args) },
    });
    await login('13933334444');
    await login('13944445555');
    const corp = { id: 'demo', name: 'demo', whiteListed: true, gray: false, appSecret: 'x' };
    const userOf = async (mobile: string) => {
      const u = await t.database.db
        .selectFrom('app_user')
        .select(['id', 'nuid'])
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow();
      return {
        id: u.id,
        corpId: 'demo',
        nuid: u.nuid,
        mobile,
        openId: null,
        loginMethod: 'otp' as const,
        tokenHash: '',
      };
    };
    const [inviter, user] = [await userOf('13933334444'), await userOf('13944445555')];
    const l = await growth.inviteLink(corp, inviter, 'nc-port', ORIGIN, ORIGIN);
    const invitee = user;
    await expect(growth.acceptInvite(corp, user, l.token)).resolves.toEqual({ actId: 'nc-port', counted: true });
    await expect(growth.acceptInvite(corp, user, l.token)).resolves.toEqual({ actId: 'nc-port', counted: false });
    expect(told).toHaveLength(1);
    expect(told[0]).toEqual(['demo', inviter.id, invitee.id, t.clock.now]);
  });
});
