import type { InviteLink } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

/**
 * Issue 10 end to end through HTTP: a counted invite (growth, POST /invite/accept) credits the inviter's
 * `invite` task of the demo season (pro1-season, 50 points per invitee) through the wiring in services.ts.
 */
const kinds = await dialects();
const OFFER = 'newcust-spring';
const SEASON = 'pro1-season';
const INVITE_POINTS = 50;

type Standing = { score: number; rank: number | null };

describe.each(kinds)('an invite credits the season on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { login } = campaignActions(() => t);

  const get = async <T>(cookie: string, path: string) =>
    body<T>(await t.app.inject({ url: `/bmcs/api${path}&corpId=demo`, headers: { ...H5, cookie } }));
  const post = async <T>(cookie: string, path: string, payload: object) =>
    body<T>(
      await t.app.inject({
        method: 'POST',
        url: `/bmcs/api${path}?corpId=demo`,
        headers: { ...H5, cookie },
        payload,
      }),
    );
  const home = async (cookie: string) => (await get<{ me: Standing }>(cookie, `/season/home?actId=${SEASON}`)).data.me;
  const inviteTask = async (cookie: string) => {
    const r = await get<{ tasks: { id: string; timesTotal: number }[]; me: Standing }>(
      cookie,
      `/season/tasks?actId=${SEASON}`,
    );
    expect(r.code).toBe(0);
    return { task: r.data.tasks.find((x) => x.id === 'invite'), me: r.data.me };
  };
  const link = async (cookie: string) =>
    (await post<InviteLink>(cookie, '/invite/qrcode', { actId: OFFER, origin: 'http://localhost:80' })).data.token;
  const accept = (cookie: string, token: string) =>
    post<{ actId: string; counted: boolean }>(cookie, '/invite/accept', { token });
  /** An inviter on the board: signed in today (10 points), so they have a rank to improve on. */
  const rankedInviter = async () => {
    const cookie = await login();
    expect((await post(cookie, '/season/signin', { actId: SEASON, taskId: 'signin' })).code).toBe(0);
    return cookie;
  };

  it('the invitee accepting moves the inviter’s invite task, points and rank; a second accept credits nothing', async () => {
    // Two customers reach 10 points first (a tie ranks whoever reached it first ahead), then the inviter.
    await rankedInviter();
    t.clock.advance(1000);
    await rankedInviter();
    t.clock.advance(1000);
    const inviter = await rankedInviter();
    const before = await home(inviter);
    expect(before).toEqual({ score: 10, rank: 3 });
    expect((await inviteTask(inviter)).task).toMatchObject({ timesTotal: 0 });
    const token = await link(inviter);

    const invitee = await login();
    expect((await accept(invitee, token)).data).toEqual({ actId: OFFER, counted: true });
    const after = await inviteTask(inviter);
    expect(after.task).toMatchObject({ timesTotal: 1 });
    expect(after.me.score).toBe(before.score + INVITE_POINTS);
    const meNow = await home(inviter);
    expect(meNow.score).toBe(before.score + INVITE_POINTS);
    expect(meNow.rank).toBe(1);
    // The invitee earns nothing for being invited.
    expect((await home(invitee)).score).toBe(0);

    // The same invitee through the same link again: answered, not counted, not credited.
    expect((await accept(invitee, token)).data).toEqual({ actId: OFFER, counted: false });
    expect((await inviteTask(inviter)).task).toMatchObject({ timesTotal: 1 });
    expect((await home(inviter)).score).toBe(before.score + INVITE_POINTS);
    // A refused accept (the inviter's own link) credits nothing either.
    expect((await accept(inviter, token)).code).toBe(4104);
    expect((await home(inviter)).score).toBe(before.score + INVITE_POINTS);

    // A second friend: another 50.
    expect((await accept(await login(), token)).data.counted).toBe(true);
    expect((await inviteTask(inviter)).task).toMatchObject({ timesTotal: 2 });
    expect((await home(inviter)).score).toBe(before.score + 2 * INVITE_POINTS);
  });

  it('one invitee through two inviters at once credits exactly one of them, once', async () => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await rankedInviter(), await rankedInviter()];
      const [ta, tb] = [await link(a), await link(b)];
      const invitee = await login();
      const results = await Promise.all([accept(invitee, ta), accept(invitee, tb), accept(invitee, ta)]);
      expect(results.filter((r) => r.code === 0 && r.data.counted)).toHaveLength(1);
      const [ha, hb] = [await home(a), await home(b)];
      expect(ha.score + hb.score).toBe(10 + 10 + INVITE_POINTS);
      const [ka, kb] = [(await inviteTask(a)).task?.timesTotal, (await inviteTask(b)).task?.timesTotal];
      expect((ka ?? 0) + (kb ?? 0)).toBe(1);
      // The winner is the one whose link counted.
      const aWon = results.some((r, j) => j !== 1 && r.code === 0 && r.data.counted);
      expect(aWon ? ha.score : hb.score).toBe(10 + INVITE_POINTS);
    }
  });
});
