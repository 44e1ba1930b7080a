import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, CallFailure } from '#web/api/errors';
import { createQueryClient, QueryProvider } from '#web/api/query-client';
import { render } from '#web/shared/testing/render';
import { detailFixture } from '../api/fixtures';
import { type ActivityView, loadFailure, nextEdgeIn, useActivity } from './use-activity';

/** A server whose answers are held until `release()`: shows which requests went out before any came back. */
let held: Array<{ path: string; actId: string | null; answer: () => Response }>;
let answer: (path: string, actId: string | null) => unknown;

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  held = [];
  vi.stubGlobal(
    'fetch',
    (input: string) =>
      new Promise<Response>((resolve, reject) => {
        const url = new URL(input);
        const path = url.pathname.replace('/bmcs/api', '');
        const actId = url.searchParams.get('actId');
        held.push({
          path,
          actId,
          answer: () => {
            const data = answer(path, actId);
            if (data instanceof Error) reject(data);
            else resolve(envelope(data));
            return envelope(null);
          },
        });
      }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tick = () => act(async () => void (await new Promise((r) => setTimeout(r, 10))));

/** Answers every request held so far, then lets React render until `done()` (or nothing more is asked). */
async function release(done: () => boolean = () => held.length > 0): Promise<void> {
  await act(async () => {
    for (const request of held.splice(0)) request.answer();
  });
  for (let i = 0; i < 100 && !done(); i++) await tick();
}

const NOW = Date.now();
const SURPLUS = { chancesLeft: 2, chancesLeftToday: 2, drawsMade: 1, prizes: [] };
const USER = { corpId: 'demo', nuid: 'u1', mobileMasked: null, openId: null, loginMethod: 'otp' };

function serve(detail: unknown) {
  answer = (path, actId) => {
    if (path.endsWith('/activity/detail')) return detail;
    if (path.endsWith('/activity/surplus')) return { actId, surplusInfo: SURPLUS };
    if (path.endsWith('/winners/recent')) return { actId, winnerList: [{ who: '138****0000', prizeName: 'p', at: 1 }] };
    if (path === '/auth/session') return USER;
    if (path === '/system/time') return { now: NOW, iso: '' };
    if (path.endsWith('/activity/group'))
      return {
        actGroupId: 'g',
        showActIds: ['wheel', 'grid'],
        relatedActIds: [],
        surplusActIds: ['wheel'],
        winnerActIds: ['wheel'],
        rocc: 1,
      };
    return new Error(`unexpected ${path}`);
  };
}

function mountView(actId: string): { view: () => ActivityView } {
  let latest: ActivityView | undefined;
  function Probe() {
    latest = useActivity(actId);
    return null;
  }
  const client = createQueryClient({ pathname: () => '/upStdDraw', toast: () => undefined }, { retryDelay: 0 });
  render(
    <QueryProvider client={client}>
      <Probe />
    </QueryProvider>,
  );
  return {
    view: () => {
      if (!latest) throw new Error('not rendered');
      return latest;
    },
  };
}

const live = { status: 'live' as const, startsAt: NOW - 60_000, endsAt: NOW + 3_600_000 };

describe('useActivity', () => {
  it('asks for detail, chances, session and clock at once; the group waits for the detail, the winners for idle', async () => {
    serve({ returnCode: 0, message: null, data: detailFixture('wheel', { ...live, actGroupId: 'g' }) });
    const { view } = mountView('wheel');
    expect(held.map((r) => r.path).sort()).toEqual([
      '/auth/session',
      '/system/time',
      '/v2/activity/detail',
      '/v2/activity/surplus',
    ]);
    expect(view().gate).toBe('loading');
    await release();
    // The detail named its group: now the group, and nothing the screen already has.
    expect(held.map((r) => r.path)).toEqual(['/v2/activity/group']);
    await release(() => held.length > 1);
    // The game is ready, with the group's rocc switch, before the winners and the group's other
    // activities are read (once the browser is idle, and only what the screen does not already have).
    expect(view().gate).toBe('ready');
    expect(view().rocc).toBe(true);
    expect(view().winners).toHaveLength(0);
    expect(held.map((r) => `${r.path}?${r.actId}`).sort()).toEqual([
      '/v2/activity/detail?grid',
      '/v2/winners/recent?wheel',
    ]);
    await release(() => false);
    const v = view();
    expect(v.gate).toBe('ready');
    expect(v.surplus?.chancesLeft).toBe(2);
    expect(v.winners).toHaveLength(1);
    expect(v.user?.nuid).toBe('u1');
    expect(v.rocc).toBe(true);
    expect(Math.abs(v.serverNow() - Date.now())).toBeLessThan(1_000);
  });

  it('a detail with returnCode ≠ 0 is the missing state; a network failure through the retries is offline', async () => {
    serve({ returnCode: 2001, message: '活动不存在', data: null });
    const missing = mountView('gone');
    await release(() => missing.view().gate !== 'loading');
    expect(missing.view().gate).toBe('missing');

    serve(new TypeError('Failed to fetch'));
    const offline = mountView('wheel');
    for (let i = 0; i < 6 && offline.view().gate === 'loading'; i++)
      await release(() => held.length > 0 || offline.view().gate !== 'loading');
    expect(offline.view().gate).toBe('offline');
  });

  it('a server past capacity is the busy state (retry offered), never a missing activity', () => {
    const refused = (code: number, status: number) => new CallFailure(new BusinessError(code, 'x', status), 'x');
    expect(loadFailure('wheel', { data: undefined, error: refused(42901, 429) })).toBe('busy');
    expect(loadFailure('wheel', { data: undefined, error: refused(2001, 200) })).toBe('missing');
  });

  it('without an actId it is missing at once, and asks for no activity', async () => {
    serve({ returnCode: 0, message: null, data: detailFixture('x', live) });
    const { view } = mountView('');
    expect(view().gate).toBe('missing');
    expect(held.filter((r) => r.actId !== null)).toEqual([]);
  });
});

describe('nextEdgeIn', () => {
  it('waits for the next edge of the window only (just past it), never once the window has closed', () => {
    const w = { startsAt: 10_000, endsAt: 20_000 };
    expect(nextEdgeIn(w, 0)).toBe(10_050);
    expect(nextEdgeIn(w, 10_000)).toBe(10_050);
    expect(nextEdgeIn(w, 20_000)).toBeNull();
    expect(nextEdgeIn(null, 0)).toBeNull();
    expect(nextEdgeIn({ startsAt: 0, endsAt: 90 * 86_400_000 }, 1)).toBe(2 ** 31 - 1);
  });
});
