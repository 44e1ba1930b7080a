import { describe, expect, it, vi } from 'vitest';
import { type NavigateFn, NavigatorContext } from '#web/shared/navigation/navigation';
import { render } from '#web/shared/testing/render';
import { drawFixture } from '../api/fixtures';
import { t } from '../messages';
import { ResultDialog } from './result-dialog';

function show(result: ReturnType<typeof drawFixture>, replayed = false) {
  const navigate = vi.fn() as unknown as NavigateFn;
  render(
    <NavigatorContext.Provider value={navigate}>
      <ResultDialog result={result} open onClose={() => undefined} onAgain={() => undefined} replayed={replayed} />
    </NavigatorContext.Provider>,
  );
  const dialog = document.querySelector('[data-testid="result-dialog"]');
  if (!dialog) throw new Error('dialog not rendered');
  return dialog;
}

const physical = drawFixture({
  prize: { id: 'bag', name: 'Tote bag', kind: 'physical', image: '/prizes/bag.svg', valueCents: 0 },
  award: { awardId: 'a9', status: 'awaiting_address', couponCode: null, points: null, orderId: 'ord-77' },
});

describe('ResultDialog: a physical prize', () => {
  it('says the address is pending and links to its order', () => {
    const dialog = show(physical);
    const pending = dialog.querySelector('[data-testid="address-pending"]');
    expect(pending?.textContent).toContain('待填写收货地址');
    const go = dialog.querySelector('[data-testid="address-pending-go"]');
    expect(go?.getAttribute('href')).toBe('/orderConfirm?orderId=ord-77');
    expect(go?.textContent).toBe(t('act.result.fillAddress'));
    expect(go?.className).toContain('btn-primary');
    const hrefs = [...dialog.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/orderConfirm?orderId=ord-77', '/newPrizeList', '/verify?drawId=d1']);
    expect(dialog.textContent).toContain(t('act.result.again'));
  });

  it('has no order link while the award has no order', () => {
    const dialog = show(
      drawFixture({
        prize: { id: 'bag', name: 'Tote bag', kind: 'physical', image: '/prizes/bag.svg', valueCents: 0 },
        award: { awardId: 'a9', status: 'awaiting_address', couponCode: null, points: null, orderId: null },
      }),
    );
    expect(dialog.querySelector('[data-testid="address-pending"]')).not.toBeNull();
    expect(dialog.querySelector('[data-testid="address-pending-go"]')).toBeNull();
  });

  it('shows no address note for other prizes', () => {
    const dialog = show(drawFixture());
    expect(dialog.querySelector('[data-testid="address-pending"]')).toBeNull();
    expect(dialog.textContent).toContain(t('act.result.points', { points: 88 }));
  });

  it('has the address texts in both catalogues', async () => {
    expect(t('act.address.pending', undefined, 'en-US')).toMatch(/address/i);
    expect(t('act.address.fill', undefined, 'en-US')).toMatch(/address/i);
  });
});

describe('ResultDialog: what a screen reader and a returning customer learn', () => {
  it('is named by the outcome, and says when it is the result of the last draw', () => {
    const dialog = show(drawFixture(), true);
    expect(dialog.closest('[role="dialog"]')?.getAttribute('aria-label')).toBe(
      t('act.result.wonLabel', { prize: drawFixture().prize.name }),
    );
    expect(dialog.querySelector('[data-testid="result-replayed"]')?.textContent).toBe('您上次抽奖的结果');
  });

  it('says nothing about a last draw for a fresh one', () => {
    const dialog = show(drawFixture());
    expect(dialog.querySelector('[data-testid="result-replayed"]')).toBeNull();
  });
});

describe('ResultDialog: a prize held for approval', () => {
  it('says it is being reviewed, with no address note, order link or code', () => {
    const dialog = show(
      drawFixture({
        prize: { id: 'tv', name: 'TV', kind: 'physical', image: '/prizes/gift.svg', valueCents: 200000 },
        award: { awardId: 'a10', status: 'pending_approval', couponCode: null, points: null, orderId: null },
      }),
    );
    expect(dialog.querySelector('[data-testid="result-held"]')?.textContent).toBe(t('prizes.pendingDesc'));
    expect(dialog.querySelector('[data-testid="address-pending"]')).toBeNull();
    expect([...dialog.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/newPrizeList',
      '/verify?drawId=d1',
    ]);
  });
});

describe('ResultDialog: the draw id in the small print', () => {
  it('shows the id, with a copy button and the verify page filled in', () => {
    const dialog = show(drawFixture());
    const small = dialog.querySelector('[data-testid="draw-id"]');
    expect(small?.textContent).toContain(`${t('act.drawId')}d1`);
    expect(small?.querySelector('button')?.getAttribute('aria-label')).toBe('复制抽奖编号');
    expect(small?.querySelector('a')?.getAttribute('href')).toBe('/verify?drawId=d1');
  });
});
