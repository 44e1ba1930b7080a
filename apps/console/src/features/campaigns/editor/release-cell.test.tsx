import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftPrize } from '#console/shared/campaign/api';
import { ReleaseCell, releaseSummary } from './release-cell';

afterEach(cleanup);

const coupon: DraftPrize = { id: 'c', name: '券', kind: 'coupon', image: '/x.svg', weight: 1, stock: 500 };

describe('a prize row’s release schedule (ADR 0063)', () => {
  it('reads as a few words: once, daily at a time, hourly, not rolling over', () => {
    expect(releaseSummary(null)).toBe('一次发放');
    expect(releaseSummary({ every: 'day', at: '10:00', units: 100, rollover: true })).toBe('每天 10:00 发 100 份');
    expect(releaseSummary({ every: 'hour', units: 5, rollover: false })).toBe('每小时发 5 份 · 不顺延');
  });

  it('opening it on a row with none proposes daily 10:00; the consolation or an unlimited prize has none', () => {
    const onChange = vi.fn();
    render(
      <App>
        <ReleaseCell index={0} prize={coupon} onChange={onChange} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^奖品 1 发放计划/ }));
    expect(onChange).toHaveBeenCalledWith({ every: 'day', at: '10:00', units: 100, rollover: true });
    cleanup();
    render(<ReleaseCell index={1} prize={{ ...coupon, stock: null }} onChange={onChange} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a set schedule shows its summary and can be changed back to one release', async () => {
    const onChange = vi.fn();
    const prize = { ...coupon, release: { every: 'hour' as const, units: 20, rollover: true } };
    render(
      <App>
        <ReleaseCell index={0} prize={prize} onChange={onChange} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^奖品 1 发放计划/ }));
    expect(screen.getByRole('button', { name: /^奖品 1 发放计划/ }).textContent).toBe('每小时发 20 份');
    fireEvent.click(await screen.findByRole('button', { name: '改为一次发放' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
