import { act, cleanup, fireEvent, render as rtlRender } from '@testing-library/react';
import type { ReactNode } from 'react';

/**
 * Tests render with @testing-library/react (React 19, the one copy in the workspace): its `render` mounts in
 * act() and its `cleanup` unmounts. This file keeps the small surface the tests use.
 */
export function render(ui: ReactNode): { container: HTMLElement; rerender(ui: ReactNode): void; unmount(): void } {
  const { container, rerender, unmount } = rtlRender(ui);
  return { container, rerender, unmount };
}

export { cleanup };

/** Events through @testing-library's fireEvent, which flushes React's state updates (act). */
export const fire = {
  click: (el: Element) => void fireEvent.click(el),
  keyDown: (el: Element, init: KeyboardEventInit) => void fireEvent.keyDown(el, init),
  change: (el: Element, value: string) => void fireEvent.change(el, { target: { value } }),
  input: (el: HTMLInputElement, value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }),
};

export { act };
