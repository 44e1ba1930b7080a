import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd renders slowly on a shared 2-core machine: findBy/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// antd reads these browser APIs that the test DOM lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(async () => {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  sessionStorage.clear();
});
