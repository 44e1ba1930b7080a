import { routes } from '@campaign/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../shared/testing/render';
import { invalidateAfterDraw } from './effects';
import { endpointKey } from './endpoint-key';
import { endpointQuery, mutateEndpoint, useEndpointMutation, useEndpointQuery } from './endpoint-query';
import { BusinessError, CallFailure } from './errors';
import { createQueryClient, QueryProvider, shouldRetry } from './query-client';
import { useSession } from './session';
import { SESSION_KEY } from './session-cache';

/** The server, as the real request layer sees it through `fetch`: each path answers from a queue or a function. */
type Answer = { status?: number; body: unknown } | 'network';
let answers: Record<string, (url: URL) => Answer>;
let requests: URL[];

beforeEach(() => {
  answers = {};
  requests = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input);
    requests.push(url);
    const path = url.pathname.replace('/bmcs/api', '');
    const answer = answers[path]?.(url) ?? { status: 404, body: '' };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown): Answer => ({ body: { code: 0, data } });
const hits = (path: string) => requests.filter((u) => u.pathname === `/bmcs/api${path}`).length;

function setup() {
  const toasts: string[] = [];
  const client = createQueryClient({ pathname: () => '/test', toast: (text) => toasts.push(text) }, { retryDelay: 0 });
  return { client, toasts };
}

/** Lets fetches resolve and React re-render until `done()` holds (or fails after ~1 s). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  expect(done()).toBe(true);
}

const PARK = [
  {
    actId: 'a1',
    actGroupId: null,
    type: 'wheel',
    title: 'Spring wheel',
    subtitle: '',
    status: 'live',
    startsAt: 0,
    endsAt: 1,
  },
];

function ParkTitles({ label }: { label: string }) {
  const park = useEndpointQuery(routes.activityPark, {});
  return <p data-testid={label}>{park.data?.map((a) => a.title).join(',') ?? 'loading'}</p>;
}

describe('useEndpointQuery', () => {
  it('two components reading the same endpoint share one request and one cache entry', async () => {
    answers['/activity/park'] = () => ok(PARK);
    const { client } = setup();
    const { container } = render(
      <QueryProvider client={client}>
        <ParkTitles label="a" />
        <ParkTitles label="b" />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'Spring wheelSpring wheel');
    expect(hits('/activity/park')).toBe(1);
    expect(client.getQueryData(endpointKey(routes.activityPark))).toEqual(PARK);
  });

  it('different payloads are different entries; the same payload by name or by route is one', async () => {
    answers['/v2/activity/surplus'] = (url) => ok({ actId: url.searchParams.get('actId'), surplusInfo: null });
    const { client } = setup();
    function Surplus({ actId, byName }: { actId: string; byName?: boolean }) {
      const q = useEndpointQuery(byName ? 'activitySurplus' : routes.activitySurplus, { query: { actId } });
      return <span>{q.data?.actId ?? '-'}</span>;
    }
    const { container } = render(
      <QueryProvider client={client}>
        <Surplus actId="a" />
        <Surplus actId="a" byName />
        <Surplus actId="b" />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'aab');
    expect(requests.map((u) => u.searchParams.get('actId')).sort()).toEqual(['a', 'b']);
  });

  it('retries a network failure (the library, with shouldRetry) and shows the data', async () => {
    let n = 0;
    answers['/activity/park'] = () => (++n < 3 ? 'network' : ok(PARK));
    const { client, toasts } = setup();
    const { container } = render(
      <QueryProvider client={client}>
        <ParkTitles label="a" />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'Spring wheel');
    expect(hits('/activity/park')).toBe(3);
    expect(toasts).toEqual([]);
  });

  it('never retries a business refusal or a 4xx, and toasts once unless the read is quiet', async () => {
    answers['/activity/park'] = () => ({ body: { code: 2001, data: '活动不存在' } });
    answers['/system/time'] = () => ({ status: 404, body: '' });
    const { client, toasts } = setup();
    function Reads() {
      const park = useEndpointQuery('activityPark', {});
      const time = useEndpointQuery('systemTime', {}, { meta: { quiet: true } });
      return <p>{`${park.status}/${time.status}`}</p>;
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(
      <QueryProvider client={client}>
        <Reads />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'error/error');
    expect(hits('/activity/park')).toBe(1);
    expect(hits('/system/time')).toBe(1);
    expect(toasts).toEqual(['活动不存在']);
    // The quiet read's failure is only logged (spec §8).
    expect(warn).toHaveBeenCalledWith('[query] failed', ['systemTime', {}], expect.any(CallFailure));
    warn.mockRestore();
  });

  it('shouldRetry: at most two retries, none for business codes or 4xx', () => {
    const network = new CallFailure(new TypeError('x'), 'x');
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, network)).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
    const business = Object.assign(new CallFailure(new Error('x'), 'x'), { code: 2006 });
    expect(shouldRetry(0, business)).toBe(false);
    const status = (s: number) => Object.assign(new CallFailure(new Error('x'), 'x'), { status: s });
    expect(shouldRetry(0, status(404))).toBe(false);
    expect(shouldRetry(0, status(429))).toBe(false);
    expect(shouldRetry(0, status(503))).toBe(true);
    // A busy server's refusal is tried again (twice at most); a caller's own rate limit is not.
    const shed = new CallFailure(new BusinessError(42901, 'busy', 429), 'busy');
    expect([shouldRetry(0, shed), shouldRetry(1, shed), shouldRetry(2, shed)]).toEqual([true, true, false]);
    expect(shouldRetry(0, new CallFailure(new BusinessError(429, 'own', 429), 'own'))).toBe(false);
  });
});

const prize = (status: string) => ({
  awardId: 'w1',
  actId: 'a1',
  activityTitle: 'Spring wheel',
  prizeName: '10元券',
  kind: 'coupon',
  image: '',
  valueCents: 1000,
  status,
  couponCode: 'C1',
  points: null,
  orderId: null,
  createdAt: 1,
});

describe('useEndpointMutation', () => {
  it('an exchange refreshes "my prizes" before its own onSuccess runs', async () => {
    let exchanged = false;
    answers['/prizes/mine'] = () => ok([prize(exchanged ? 'exchanged' : 'issued')]);
    answers['/v2/exchange'] = () => {
      exchanged = true;
      return ok(prize('exchanged'));
    };
    const { client } = setup();
    const seen: string[] = [];
    let exchange: (() => Promise<unknown>) | undefined;
    function Prizes() {
      const mine = useEndpointQuery('myPrizes', {});
      const mutation = useEndpointMutation('exchange', {
        onSuccess: () => {
          seen.push(client.getQueryData<Array<{ status: string }>>(endpointKey(routes.myPrizes))?.[0]?.status ?? '');
        },
      });
      exchange = () => mutation.mutateAsync({ body: { awardId: 'w1' } });
      return <p>{mine.data?.[0]?.status ?? 'loading'}</p>;
    }
    const { container } = render(
      <QueryProvider client={client}>
        <Prizes />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'issued');
    await act(async () => {
      await exchange?.();
    });
    await until(() => container.textContent === 'exchanged');
    expect(hits('/prizes/mine')).toBe(2);
    expect(seen).toEqual(['exchanged']);
  });

  it('a failed mutation changes nothing in the cache', async () => {
    answers['/prizes/mine'] = () => ok([prize('issued')]);
    answers['/v2/exchange'] = () => ({ body: { code: 2012, data: '实物奖品请填写收货地址领取' } });
    const { client } = setup();
    await client.prefetchQuery({
      queryKey: endpointKey(routes.myPrizes),
      queryFn: () => [prize('issued')],
    });
    await expect(mutateEndpoint(client, 'exchange', { body: { awardId: 'w1' }, quiet: true })).rejects.toBeInstanceOf(
      CallFailure,
    );
    expect(client.getQueryState(endpointKey(routes.myPrizes))?.isInvalidated).toBe(false);
  });
});

describe('after a draw', () => {
  async function seed(client: QueryClient) {
    for (const actId of ['a', 'b']) {
      await client.prefetchQuery({
        queryKey: endpointKey(routes.activitySurplus, { query: { actId } }),
        queryFn: () => 1,
      });
      await client.prefetchQuery({
        queryKey: endpointKey(routes.recentWinners, { query: { actId } }),
        queryFn: () => 1,
      });
    }
    await client.prefetchQuery({ queryKey: endpointKey(routes.myPrizes), queryFn: () => [] });
    await client.prefetchQuery({ queryKey: endpointKey(routes.activityPark), queryFn: () => [] });
  }
  const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  it("outdates that activity's chances and winners and the user's prizes, nothing else", async () => {
    const { client } = setup();
    await seed(client);
    await invalidateAfterDraw(client, 'a');
    expect(stale(client, endpointKey(routes.activitySurplus, { query: { actId: 'a' } }))).toBe(true);
    expect(stale(client, endpointKey(routes.recentWinners, { query: { actId: 'a' } }))).toBe(true);
    expect(stale(client, endpointKey(routes.myPrizes))).toBe(true);
    expect(stale(client, endpointKey(routes.activitySurplus, { query: { actId: 'b' } }))).toBe(false);
    expect(stale(client, endpointKey(routes.recentWinners, { query: { actId: 'b' } }))).toBe(false);
    expect(stale(client, endpointKey(routes.activityPark))).toBe(false);
  });
});

const USER = { corpId: 'demo', nuid: 'u1', mobileMasked: '138****0000', openId: null, loginMethod: 'otp' };

describe('the session', () => {
  it('is read once for every screen, and login / logout replace it without another read', async () => {
    let who: unknown = null;
    answers['/auth/session'] = () => ok(who);
    answers['/auth/otp/login'] = () => {
      who = USER;
      return ok(USER);
    };
    answers['/auth/logout'] = () => {
      who = null;
      return ok(null);
    };
    const { client } = setup();
    function Who() {
      const user = useSession();
      return <span>{user === undefined ? '…' : (user?.nuid ?? 'nobody')}</span>;
    }
    const { container } = render(
      <QueryProvider client={client}>
        <Who />
        <Who />
      </QueryProvider>,
    );
    await until(() => container.textContent === 'nobodynobody');
    await act(() => mutateEndpoint(client, 'otpLogin', { body: { mobile: '13800000000', code: '123456' } }));
    await until(() => container.textContent === 'u1u1');
    await act(() => mutateEndpoint(client, 'logout', {}));
    await until(() => container.textContent === 'nobodynobody');
    expect(hits('/auth/session')).toBe(1);
  });

  it("a new user never sees the previous user's cached answers; an expired login forgets the user", async () => {
    answers['/auth/otp/login'] = () => ok(USER);
    answers['/prizes/mine'] = () => ({ status: 401, body: { code: 401, data: 'expired' } });
    const { client } = setup();
    client.setQueryData(SESSION_KEY, { ...USER, nuid: 'previous' });
    await client.prefetchQuery({ queryKey: endpointKey(routes.myPrizes), queryFn: () => [prize('issued')] });
    await mutateEndpoint(client, 'otpLogin', { body: { mobile: '13800000000', code: '123456' } });
    expect(client.getQueryData(SESSION_KEY)).toEqual(USER);
    expect(client.getQueryData(endpointKey(routes.myPrizes))).toBeUndefined();

    // The login expires: the next read answers 401, and the cached user is forgotten with it.
    await client.fetchQuery(endpointQuery('myPrizes', {})).catch(() => undefined);
    expect(hits('/prizes/mine')).toBe(1);
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
  });
});
