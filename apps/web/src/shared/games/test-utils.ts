import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

/** Fakes time, requestAnimationFrame and performance.now together so animations advance with the clock. */
export function startFakeAnimationClock(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'],
  });
}

/** Makes `prefers-reduced-motion: reduce` match (or not) for the rest of the test. */
export function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

// @testing-library/react's CJS build require()s the workspace-hoisted react-dom (18), so these
// tests mount with React 19's own createRoot/act instead.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; host: HTMLElement }[] = [];

export function mount(element: ReactElement): HTMLElement {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  act(() => root.render(element));
  mounted.push({ root, host });
  return host;
}

export function unmountAll(): void {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
}

export function click(el: Element | null | undefined): void {
  if (!el) throw new Error('no element to click');
  act(() => {
    (el as HTMLElement).click();
  });
}

export { act };
