import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '#web/api/query-client';
import { type NavigateFn, NavigatorContext, ScreenContext } from '#web/shared/navigation/navigation';
import { cleanup, render } from '#web/shared/testing/render';
import type { DrawProof } from '../model/recompute-draw';
import { VerifyScreen } from './verify-screen';

const PROOF: DrawProof = {
  actId: 'wheel',
  actTitle: '新春大转盘',
  drawId: 'd1',
  userId: 'u',
  drawNonce: 'n',
  drawIndex: 0,
  rollHex: '00'.repeat(32),
  pickedPrizeId: 'big',
  awardedPrizeId: 'big',
  fallbackReason: null,
  table: [{ id: 'big', name: '大奖', weight: 1, percentText: '100.00%' }],
  commitment: 'ab'.repeat(32),
  seed: null,
  check: null,
  risk: null,
};
let proof: DrawProof;

beforeEach(() => {
  proof = PROOF;
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input).pathname.replace('/bmcs/api', '');
    const data = path === '/fairness/draw' ? { code: 0, data: proof } : { code: 404, data: 'no such call' };
    return new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(): Promise<HTMLElement> {
  const client = createQueryClient({ pathname: () => '/verify', toast: () => undefined }, { retryDelay: 0 });
  const { container } = render(
    <QueryProvider client={client}>
      <NavigatorContext.Provider value={vi.fn() as unknown as NavigateFn}>
        <ScreenContext.Provider
          value={{ location: { pathname: '/verify', search: '?drawId=d1', hash: '', key: 'k' }, params: {} }}
        >
          <VerifyScreen />
        </ScreenContext.Provider>
      </NavigatorContext.Provider>
    </QueryProvider>,
  );
  for (let i = 0; i < 20 && !container.querySelector('[data-testid="verify-record"]'); i++)
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
  return container;
}

const text = (c: HTMLElement, id: string) => c.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the verify page’s risk decision', () => {
  it('shows the decision id, the ruleset hash and the action in Chinese, and why the draw stays verifiable', async () => {
    proof = { ...PROOF, risk: { decisionId: 'rd-0001', rulesetHash: 'cd'.repeat(32), action: 'hold' } };
    const page = await open();
    const risk = page.querySelector('[data-testid="verify-risk"]');
    expect(risk?.textContent).toContain('风控决定编号');
    expect(text(page, 'verify-risk-decision')).toBe('rd-0001');
    expect(risk?.textContent).toContain('规则集哈希');
    expect(text(page, 'verify-risk-ruleset')).toBe('cd'.repeat(32));
    expect(text(page, 'verify-risk-action')).toBe('奖品冻结，人工复核');
    expect(page.textContent).toContain('进入已承诺的抽奖序列之前');
  });

  it('names each action and a missing ruleset in words, never the raw value', async () => {
    for (const [action, words] of [
      ['allow', '放行'],
      ['degrade', '安慰奖'],
      ['something-new', '其他处理'],
    ] as const) {
      proof = { ...PROOF, risk: { decisionId: 'rd-2', rulesetHash: null, action } };
      const page = await open();
      expect(text(page, 'verify-risk-action')).toBe(words);
      expect(text(page, 'verify-risk-ruleset')).toBe('无');
      cleanup();
    }
  });

  it('shows no risk lines for a campaign without risk checks', async () => {
    const page = await open();
    expect(page.querySelector('[data-testid="verify-record"]')).not.toBeNull();
    expect(page.querySelector('[data-testid="verify-risk"]')).toBeNull();
  });
});
