import { fireEvent } from '@testing-library/dom';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * A minimal render helper on this app's React 19. @testing-library/react is not used: in this
 * workspace Node would resolve its react-dom to the hoisted React 18 copy.
 */
Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

export function render(ui: ReactNode): { container: HTMLElement; rerender(ui: ReactNode): void; unmount(): void } {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  const entry = { root, container };
  mounted.push(entry);
  return {
    container,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}

/** fireEvent inside act, so React state updates are flushed. */
export const fire = {
  click: (el: Element) => act(() => void fireEvent.click(el)),
  keyDown: (el: Element, init: KeyboardEventInit) => act(() => void fireEvent.keyDown(el, init)),
  change: (el: Element, value: string) => act(() => void fireEvent.change(el, { target: { value } })),
  input: (el: HTMLInputElement, value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }),
};

export { act };
