import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fire, render } from '../testing/render';
import { ActionButton } from './action-button';
import { Icon } from './icon';
import { ICON_NAMES, IconSprite, SPEC_ICON_NAMES } from './icon-sprite';

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
  it('has a symbol for every icon (the spec’s among them) and <Icon> refers to it', () => {
    const { container } = render(
      <>
        <IconSprite />
        <Icon name="order-refund" label="退款" />
      </>,
    );
    expect(ICON_NAMES).toEqual(expect.arrayContaining([...SPEC_ICON_NAMES]));
    for (const name of ICON_NAMES) {
      expect(container.querySelector(`symbol#icon-${name}`)).not.toBeNull();
    }
    expect(screen.getByRole('img', { name: '退款' }).querySelector('use')?.getAttribute('href')).toBe(
      '#icon-order-refund',
    );
  });
});
