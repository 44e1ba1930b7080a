import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignDraft } from '#console/shared/campaign/api';
import { DiscountScope } from './discount-scope';
import type { Path } from './draft-util';

const base: CampaignDraft = {
  kind: 'discount',
  discount: {
    title: '刷卡立减',
    amountCents: 1000,
    startsAt: 0,
    endsAt: 1,
    totalLimit: 100,
    validCards: [{ bin: '622848', label: '本行借记卡' }],
    validMerchants: [],
  },
};

/** The panel over a draft that changes as the editor's would; every change is recorded. */
function Harness({ errors = {}, spy }: { errors?: Record<string, string>; spy: (p: Path, v: unknown) => void }) {
  const [draft, setDraft] = useState(base);
  const onChange = (path: Path, value: unknown) => {
    spy(path, value);
    const key = path[1] as 'validCards' | 'validMerchants';
    setDraft((d) => ({ ...d, discount: d.discount ? { ...d.discount, [key]: value } : d.discount }));
  };
  return <DiscountScope draft={draft} onChange={onChange} errors={errors} />;
}

describe('DiscountScope (支付立减: 适用卡, 适用商户)', () => {
  it('adds a card row, says in Chinese a BIN must be 6–8 digits, and saves exactly { bin, label }', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    expect((screen.getByLabelText('适用卡 1 卡 BIN') as HTMLInputElement).value).toBe('622848');
    fireEvent.click(screen.getByRole('button', { name: /添加卡 BIN/ }));
    fireEvent.change(screen.getByLabelText('适用卡 2 卡 BIN'), { target: { value: '62 28' } });
    expect(screen.getByText('卡 BIN 为 6–8 位数字')).toBeTruthy();
    expect(screen.getByText('请填写卡的名称，如 本行借记卡')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('适用卡 2 卡 BIN'), { target: { value: '436742' } });
    fireEvent.change(screen.getByLabelText('适用卡 2 名称'), { target: { value: '本行信用卡' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(spy).toHaveBeenLastCalledWith(
      ['discount', 'validCards'],
      [
        { bin: '622848', label: '本行借记卡' },
        { bin: '436742', label: '本行信用卡' },
      ],
    );
  });

  it('a merchant is a name and a merchant id; a repeated id is named; removing a row removes it', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    expect(screen.getByText('未限定：所有商户均可使用。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加商户/ }));
    fireEvent.change(screen.getByLabelText('适用商户 1 名称'), { target: { value: '街角咖啡' } });
    fireEvent.change(screen.getByLabelText('适用商户 1 商户号'), { target: { value: 'm-coffee' } });
    fireEvent.click(screen.getByRole('button', { name: /添加商户/ }));
    fireEvent.change(screen.getByLabelText('适用商户 2 名称'), { target: { value: '街角咖啡二店' } });
    fireEvent.change(screen.getByLabelText('适用商户 2 商户号'), { target: { value: 'm-coffee' } });
    expect(screen.getByText('这个商户号已在上面填过')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除适用商户第 2 行' }));
    expect(spy).toHaveBeenLastCalledWith(['discount', 'validMerchants'], [{ id: 'm-coffee', name: '街角咖啡' }]);
  });

  it("shows the server's message for a row under its input", () => {
    render(
      <Harness spy={vi.fn()} errors={{ 'discount.validCards.0.label': '请填写卡的名称（1–40 字），如 本行借记卡' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('请填写卡的名称（1–40 字），如 本行借记卡');
  });
});
