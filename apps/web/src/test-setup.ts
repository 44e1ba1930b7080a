import { afterEach } from 'vitest';

afterEach(() => {
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test document's cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  const { cleanup } = await import('./shared/testing/render');
  cleanup();
});
