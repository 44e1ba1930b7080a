import { ERRORS } from '@campaign/contract/client';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '#web/api/query-client';
import { type NavigateFn, NavigatorContext, ScreenContext } from '#web/shared/navigation/navigation';
import { cleanup, fire, render } from '#web/shared/testing/render';
import { DEVICE_ID_KEY } from '../api/device-id';
import { drawFixture } from '../api/fixtures';
import { GameStage } from '../components/game-stage';
import type { ActivityView } from './use-activity';
import { usePlay } from './use-play';

// The device-id consent and the risk refusal through the real play flow: usePlay, the request layer and
// the sheets, over a stubbed fetch (what the server is asked is what is asserted).
const USER = { corpId: 'demo', nuid: 'u1', mobileMasked: null, openId: null, loginMethod: 'otp' };
const sent: Array<{ method: string; path: string; body: unknown }> = [];
let consent: { granted: boolean | null; decidedAt: number | null };
let drawAnswer: () => Response;
const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent.length = 0;
  localStorage.clear();
  consent = { granted: null, decidedAt: null };
  drawAnswer = () => envelope(0, drawFixture());
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input).pathname.replace('/bmcs/api', '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    sent.push({ method, path, body });
    if (path === '/risk/consent' && method === 'GET') return envelope(0, consent);
    if (path === '/risk/consent') return envelope(0, { granted: body.granted, decidedAt: 5 });
    if (path === '/rocc/lottery' || path === '/v2/lottery' || path === '/lottery') return drawAnswer();
    return envelope(404, 'no such call');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
/** The sheets are lazy chunks: the first one takes a moment to load. */
async function shown(id: string): Promise<Element | null> {
  for (let i = 0; i < 50 && !byTestId(id); i++) await settle();
  return byTestId(id);
}
const draws = () => sent.filter((s) => s.path.endsWith('lottery'));
const consentWrites = () => sent.filter((s) => s.path === '/risk/consent' && s.method === 'POST');

function Game({ view }: { view: ActivityView }) {
  const play = usePlay(view);
  return (
    <GameStage view={view} play={play} showGame onAgain={() => undefined}>
      <button type="button" data-testid="tap" onClick={() => void play.play()} />
    </GameStage>
  );
}

async function mount(rocc = true) {
  const view = {
    actId: 'wheel',
    rocc,
    user: USER,
    gate: 'ready',
    setRefusal: vi.fn(),
    refreshAfterDraw: async () => undefined,
  } as unknown as ActivityView;
  const client = createQueryClient({ pathname: () => '/upStdDraw', toast: () => undefined }, { retryDelay: 0 });
  render(
    <QueryProvider client={client}>
      <NavigatorContext.Provider value={vi.fn() as unknown as NavigateFn}>
        <ScreenContext.Provider
          value={{ location: { pathname: '/upStdDraw', search: '?actId=wheel', hash: '', key: 'k' }, params: {} }}
        >
          <Game view={view} />
        </ScreenContext.Provider>
      </NavigatorContext.Provider>
    </QueryProvider>,
  );
  await settle();
  await settle();
}

async function tap() {
  fire.click(byTestId('tap') as Element);
  await settle();
  await settle();
}

describe('the device-id consent before a risk-checked draw', () => {
  it('asks on the first tap instead of drawing, and sends a device id only after 同意', async () => {
    await mount();
    await tap();
    expect(draws()).toEqual([]);
    expect((await shown('consent-sheet'))?.textContent).toContain('仅用于本活动风控，活动结束后保留 180 天');
    fire.click(byTestId('consent-agree') as Element);
    await settle();
    expect(consentWrites().map((w) => w.body)).toEqual([{ granted: true }]);
    await tap();
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    expect(kept).toMatch(/^[0-9a-f]{32}$/);
    expect(draws().map((d) => d.body)).toEqual([{ actId: 'wheel', deviceId: kept }]);
  });

  it('lets a customer who declines take part, never sending a device id', async () => {
    await mount();
    await tap();
    fire.click((await shown('consent-decline')) as Element);
    await settle();
    expect(consentWrites().map((w) => w.body)).toEqual([{ granted: false }]);
    await tap();
    await tap();
    expect(draws().map((d) => d.body)).toEqual([{ actId: 'wheel' }, { actId: 'wheel' }]);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBeNull();
  });

  it('does not ask again once decided: a stored yes draws at once with the kept id', async () => {
    consent = { granted: true, decidedAt: 1 };
    localStorage.setItem(DEVICE_ID_KEY, 'ab'.repeat(16));
    await mount();
    await tap();
    expect(byTestId('consent-sheet')).toBeNull();
    expect(draws().map((d) => d.body)).toEqual([{ actId: 'wheel', deviceId: 'ab'.repeat(16) }]);
  });

  it('neither asks nor sends a device id on a campaign without risk checks', async () => {
    await mount(false);
    await tap();
    expect(sent.filter((s) => s.path === '/risk/consent')).toEqual([]);
    expect(draws().map((d) => d.body)).toEqual([{ actId: 'wheel' }]);
  });
});

describe('a draw refused by the risk check, in the game', () => {
  it('opens the refusal dialog with the envelope’s words, not the rate-limit toast', async () => {
    consent = { granted: false, decidedAt: 1 };
    const refused = ERRORS.RISK_REFUSED;
    drawAnswer = () => envelope(refused.code, refused.message['zh-CN']);
    await mount();
    await tap();
    expect((await shown('risk-refused'))?.textContent).toContain(refused.message['zh-CN']);
  });
});
