import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftPrize } from '#console/shared/campaign/api';
import { envelope, renderAt, stubFetch } from '#console/shared/testing/render';
import { CodePoolCell } from './code-pool-cell';

const coupon: DraftPrize = { id: 'ticket', name: '到店兑换券', kind: 'coupon', image: '/c.svg', weight: 1, stock: 5 };

/** The cell over a prize that changes as the prize table's would; every change is recorded. */
function Harness({ start, spy }: { start: DraftPrize; spy: (codes: DraftPrize['codes']) => void }) {
  const [prize, setPrize] = useState(start);
  return (
    <CodePoolCell
      campaignId="c-1"
      index={1}
      prize={prize}
      onChange={(codes) => {
        spy(codes);
        setPrize((p) => ({ ...p, codes }));
      }}
    />
  );
}

const csv = (text: string) => new File([text], 'codes.csv', { type: 'text/csv' });

afterEach(() => vi.unstubAllGlobals());

describe('CodePoolCell (券与票: a coupon’s code pool)', () => {
  it('a coupon generates its codes until a pool is uploaded; the pool shows by file name and count', async () => {
    const fetch = stubFetch({
      '/console/campaigns/white-list': () => envelope({ listId: 'L1', rows: 1200, encoding: 'gbk' }),
    });
    const spy = vi.fn();
    renderAt(<Harness start={coupon} spy={spy} />);
    expect(screen.getByTestId('code-pool-2').textContent).toContain('系统生成');
    fireEvent.change(screen.getByTestId('code-pool-file-2'), { target: { files: [csv('券码\nAB123456\n')] } });
    await waitFor(() => expect(screen.getByTestId('code-pool-2').textContent).toContain('codes.csv · 1,200 个'));
    expect(spy).toHaveBeenLastCalledWith({ ref: 'L1', rows: 1200, name: 'codes.csv' });
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect([url.searchParams.get('id'), url.searchParams.get('kind')]).toEqual(['c-1', 'codes']);
    fireEvent.click(screen.getByRole('button', { name: '奖品 2 改为系统生成券码' }));
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('code-pool-2').textContent).toContain('系统生成');
  });

  it('a refused file names its lines in Chinese, and the prize keeps what it had', async () => {
    stubFetch({
      '/console/campaigns/white-list': () =>
        envelope('1 处错误：第 2 行 券码：券码须为 6–40 位字母或数字', 6408, {
          fields: { '2:code': '券码须为 6–40 位字母或数字' },
        }),
    });
    const spy = vi.fn();
    renderAt(<Harness start={coupon} spy={spy} />);
    fireEvent.change(screen.getByTestId('code-pool-file-2'), { target: { files: [csv('券码\nAB!\n')] } });
    await waitFor(() =>
      expect(screen.getByTestId('code-pool-errors').textContent).toContain('第 2 行 券码：券码须为 6–40 位字母或数字'),
    );
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByTestId('code-pool-2').textContent).toContain('系统生成');
  });

  it('only a coupon has codes', () => {
    renderAt(<Harness start={{ ...coupon, kind: 'physical' }} spy={vi.fn()} />);
    expect(screen.queryByTestId('code-pool-2')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });
});
