import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** A screen or hook host rendered as the console renders it: a query client, antd's App, a router at `url`. */
export function renderAt(ui: ReactNode, url = '/', path = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element: <App>{ui}</App> }], { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** A JSON envelope answer, as the server sends it. */
export const envelope = (data: unknown, code: number | string = 0, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code, data, ...extra }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/**
 * `fetch` answered by endpoint path: `stubFetch({ '/console/campaigns': () => envelope({...}) })`. A path no
 * one answers stays pending (a screen's loading state). Returns the mock to read the calls.
 */
export function stubFetch(answers: Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>>) {
  const mock = vi.fn((input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/bmcs\/api/, '');
    const answer = answers[path];
    return answer ? Promise.resolve(answer(url, init)) : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
