import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '#web/shared/testing/render';
import { detailFixture } from '../api/fixtures';
import { t } from '../messages';
import { OddsTable } from './odds-table';

afterEach(cleanup);

describe('OddsTable', () => {
  it('renders one row per prize with its count and the server-computed percentage', () => {
    const prizes = detailFixture('a').prizes;
    const { container } = render(<OddsTable prizes={prizes} />);
    const rows = Array.from(container.querySelectorAll('tbody tr'));
    expect(rows.map((r) => r.getAttribute('data-prize-id'))).toEqual(prizes.map((p) => p.id));
    const cells = rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
    expect(cells[0]).toEqual(['Coupon 5', '500', '30.00%']);
    expect(cells[1]?.[2]).toBe('20.00%');
    // Unlimited stock is labelled, not shown as a number.
    expect(cells[1]?.[1]).not.toMatch(/\d/);
  });

  it('follows the data: a changed prize table changes the table', () => {
    const prizes = detailFixture('a').prizes.map((p) => ({ ...p, percentText: '33.33%', totalStock: 7 }));
    const { container } = render(<OddsTable prizes={prizes.slice(0, 2)} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(container.querySelector('tbody tr td:last-child')?.textContent).toBe('33.33%');
    expect(container.querySelector('tbody tr td:nth-child(2)')?.textContent).toBe('7');
  });

  it('says in words that a prize unlocking later cannot be won at the first draw (never "0.00%")', () => {
    const [coupon, points] = detailFixture('a').prizes;
    if (!coupon || !points) throw new Error('fixture');
    const buds = { ...coupon, id: 'buds', weight: 5, probability: 0, percentText: '0.00%', unlockAfterDraws: 2 };
    // Probability 0 without an unlock (a prize weighted out) is shown as the server computed it.
    const none = { ...points, id: 'none', weight: 0, probability: 0, percentText: '0.00%' };
    const { container } = render(<OddsTable prizes={[buds, none]} />);
    const pct = [...container.querySelectorAll('tbody tr td:last-child')].map((td) => td.textContent);
    expect(pct).toEqual(['前 2 次不可中', '0.00%']);
    expect(container.querySelector('[data-prize-id="buds"]')?.textContent).toContain(t('rules.unlock', { n: 3 }));
  });

  it('publishes a paced prize’s release schedule beside it (ADR 0063)', () => {
    const [coupon, points] = detailFixture('a').prizes;
    if (!coupon || !points) throw new Error('fixture');
    const daily = { ...coupon, release: { every: 'day' as const, at: '10:00', units: 1000, rollover: true } };
    const hourly = { ...points, release: { every: 'hour' as const, units: 50, rollover: false } };
    const { container } = render(<OddsTable prizes={[daily, hourly]} />);
    const notes = [...container.querySelectorAll('[data-testid="odds-release"]')].map((n) => n.textContent);
    expect(notes).toEqual(['每天 10:00发放 1000 份，未抽完的顺延', '每小时整点发放 50 份，当期未抽完不顺延']);
  });
});
