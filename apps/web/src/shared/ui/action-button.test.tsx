import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fire, render } from '../testing/render';
import { ActionButton } from './action-button';
import { Icon } from './icon';
import { ICON_NAMES, IconSprite } from './icon-sprite';

afterEach(() => vi.useRealTimers());

describe('ActionButton', () => {
  it('is debounced by 1000 ms by default', () => {
    vi.useFakeTimers();
    const onAction = vi.fn();
    render(<ActionButton onAction={onAction}>go</ActionButton>);
    const button = screen.getByText('go');
    fire.click(button);
    fire.click(button);
    vi.advanceTimersByTime(1001);
    fire.click(button);
    expect(onAction).toHaveBeenCalledTimes(2);
  });
});

describe('icon sprite', () => {
  it('has a symbol for every spec icon and <Icon> refers to it', () => {
    const { container } = render(
      <>
        <IconSprite />
        <Icon name="order-refund" label="退款" />
      </>,
    );
    for (const name of [
      'home',
      'orders',
      'order-paid',
      'order-used',
      'order-expired',
      'order-closed',
      'order-pay-failed',
      'order-refund',
      'account',
      'settings',
      'vip',
      'hot',
      'favourite',
      'search',
      'back',
      'phone',
      'empty',
    ] as const) {
      expect(ICON_NAMES).toContain(name);
      expect(container.querySelector(`symbol#icon-${name}`)).not.toBeNull();
    }
    expect(screen.getByRole('img', { name: '退款' }).querySelector('use')?.getAttribute('href')).toBe(
      '#icon-order-refund',
    );
  });
});
