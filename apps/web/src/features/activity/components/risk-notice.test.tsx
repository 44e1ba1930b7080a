import { ERRORS } from '@campaign/contract/client';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '#web/api/query-client';
import { type NavigateFn, NavigatorContext, ScreenContext } from '#web/shared/navigation/navigation';
import { cleanup, fire, render } from '#web/shared/testing/render';
import type { RiskNotice } from '../hooks/use-risk';
import { tr } from '../model/risk-messages';
import { RiskNoticeDialog } from './risk-notice';

const REFUSED = ERRORS.RISK_REFUSED.message['zh-CN'];
const sent: Array<{ path: string; body: unknown }> = [];
let appealAnswer: () => Response;
const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent.length = 0;
  appealAnswer = () => envelope(0, { appealId: 'ap1', status: 'pending' });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input).pathname.replace('/bmcs/api', '');
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/risk/appeal') return appealAnswer();
    return envelope(404, 'no such call');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

function show(notice: RiskNotice, onClose = vi.fn()) {
  const client = createQueryClient({ pathname: () => '/upStdDraw', toast: () => undefined }, { retryDelay: 0 });
  render(
    <QueryProvider client={client}>
      <NavigatorContext.Provider value={vi.fn() as unknown as NavigateFn}>
        <ScreenContext.Provider
          value={{ location: { pathname: '/upStdDraw', search: '?actId=wheel', hash: '', key: 'k' }, params: {} }}
        >
          <RiskNoticeDialog notice={notice} open actId="wheel" onClose={onClose} />
        </ScreenContext.Provider>
      </NavigatorContext.Provider>
    </QueryProvider>,
  );
  return onClose;
}

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const appeals = () => sent.filter((s) => s.path === '/risk/appeal');

async function typeReasonAndSubmit(reason: string) {
  fire.click(byTestId('risk-appeal') as Element);
  await settle();
  const box = byTestId('appeal-sheet')?.querySelector('textarea');
  if (!box) throw new Error('no appeal sheet');
  fire.change(box, reason);
  fire.click(byTestId('appeal-submit') as Element);
  await settle();
}

describe('a draw refused by the risk check', () => {
  it('shows its own dialog in the envelope’s words, with 申诉 beside 我知道了', () => {
    const onClose = show({ kind: 'refused', message: REFUSED });
    const dialog = byTestId('risk-refused');
    expect(dialog?.textContent).toContain(REFUSED);
    expect(dialog?.textContent).toContain(tr('risk.refusedTitle'));
    expect(byTestId('risk-appeal')?.textContent).toBe(tr('risk.appeal'));
    const ok = [...(dialog?.querySelectorAll('button') ?? [])].find((b) => b.textContent === tr('risk.ok'));
    fire.click(ok as Element);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends the appeal with the campaign and the trimmed reason, then says a person reviews it', async () => {
    show({ kind: 'refused', message: REFUSED });
    await typeReasonAndSubmit('  本人正常参与，未使用任何工具  ');
    expect(appeals().map((a) => a.body)).toEqual([{ actId: 'wheel', reason: '本人正常参与，未使用任何工具' }]);
    const answer = byTestId('appeal-answer');
    expect(answer?.textContent).toContain(tr('risk.appealDone'));
    expect(answer?.textContent).toContain('3 个工作日内人工复核');
  });

  it('sends nothing for a reason under 2 characters and says why under the field', async () => {
    show({ kind: 'refused', message: REFUSED });
    await typeReasonAndSubmit(' 好 ');
    expect(appeals()).toEqual([]);
    expect(byTestId('appeal-sheet')?.querySelector('[role="alert"]')?.textContent).toBe(
      tr('risk.reasonShort', { min: 2 }),
    );
    expect(byTestId('appeal-sheet')?.querySelector('textarea')?.maxLength).toBe(200);
  });

  it('takes the complaint away once the customer types more (the field is no longer marked wrong)', async () => {
    show({ kind: 'refused', message: REFUSED });
    await typeReasonAndSubmit('好');
    const box = byTestId('appeal-sheet')?.querySelector('textarea') as HTMLTextAreaElement;
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fire.change(box, '本人正常参与');
    await settle();
    expect(byTestId('appeal-sheet')?.querySelector('[role="alert"]')?.textContent).toBe('');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(appeals()).toEqual([]);
  });

  it('reads an appeal already under review as such, in the server’s words', async () => {
    const pending = ERRORS.RISK_APPEAL_PENDING;
    appealAnswer = () => envelope(pending.code, pending.message['zh-CN']);
    show({ kind: 'refused', message: REFUSED });
    await typeReasonAndSubmit('我没有刷奖');
    const answer = byTestId('appeal-answer');
    expect(answer?.textContent).toContain(tr('risk.appealPending'));
    expect(answer?.textContent).toContain(pending.message['zh-CN']);
  });

  it('shows any other refusal of the appeal in the envelope’s Chinese message, keeping the sheet', async () => {
    const nothing = ERRORS.RISK_APPEAL_NOTHING;
    appealAnswer = () => envelope(nothing.code, nothing.message['zh-CN']);
    show({ kind: 'refused', message: REFUSED });
    await typeReasonAndSubmit('我没有刷奖');
    expect(byTestId('appeal-answer')).toBeNull();
    expect(byTestId('appeal-sheet')?.querySelector('[role="alert"]')?.textContent).toBe(nothing.message['zh-CN']);
  });
});

describe('a draw the risk check wants confirmed by SMS', () => {
  it('says so and sends the customer through the SMS code login and back to this game', () => {
    show({ kind: 'step-up', message: ERRORS.RISK_STEP_UP.message['zh-CN'] });
    expect(byTestId('risk-step-up')?.textContent).toContain(ERRORS.RISK_STEP_UP.message['zh-CN']);
    expect(byTestId('risk-step-up-go')?.getAttribute('href')).toBe(
      `/login?stepUp=1&redirect=${encodeURIComponent('/upStdDraw?actId=wheel')}`,
    );
  });
});
