import { describe, expect, it, vi } from 'vitest';
import { routes } from './client-routes';
import { type ClientShell, createClient, EndpointError, readEnvelope } from './http';

const answer = (body: unknown, status = 200, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });

function shell(reply: () => Response | Promise<Response>, onUnauthenticated = vi.fn()) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => reply());
  const s: ClientShell = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    url: (route, args) => `/api${route.path}?${new URLSearchParams(args.query as Record<string, string>)}`,
    headers: () => ({ accept: 'application/json' }),
    credentials: 'same-origin',
    networkFailed: () => 'offline',
    unavailable: (status) => `down ${status}`,
    onUnauthenticated,
  };
  return { client: createClient(s), fetch, onUnauthenticated };
}

describe('the shared request core', () => {
  it('reads an envelope with its refused fields, and nothing else as one', () => {
    expect(readEnvelope({ code: 0, data: 1 })).toEqual({ code: 0, data: 1 });
    expect(readEnvelope({ code: '400', data: 'x', fields: { 'body.a': 'bad', n: 1 } })).toEqual({
      code: '400',
      data: 'x',
      fields: { 'body.a': 'bad' },
    });
    expect(readEnvelope([1])).toBeNull();
    expect(readEnvelope({ data: 1 })).toBeNull();
  });

  it("answers the envelope's data, and a refusal as an EndpointError with its fields", async () => {
    const ok = shell(() => answer({ code: 0, data: { id: 'c-1', rev: 1 } }));
    await expect(ok.client.call('consoleCampaignCreate', { body: { kind: 'wheel', title: 't' } })).resolves.toEqual({
      id: 'c-1',
      rev: 1,
    });
    const [, init] = ok.fetch.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: 'POST', body: '{"kind":"wheel","title":"t"}' });
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe('application/json');

    const refused = shell(() => answer({ code: 40001, data: '名称有误', fields: { 'body.title': '太长' } }, 400));
    const err = await refused.client
      .call('consoleCampaignCreate', { body: { kind: 'wheel', title: 't' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(EndpointError);
    expect(err).toMatchObject({ code: 40001, message: '名称有误', status: 400, fields: { 'body.title': '太长' } });
  });

  it("runs the app's 401 hook, and names a proxy's page and a dead network in the app's words", async () => {
    const gone = shell(() => answer({ code: 401, data: '请重新登录' }, 401));
    await expect(gone.client.call('consoleMe')).rejects.toMatchObject({ status: 401 });
    expect(gone.onUnauthenticated).toHaveBeenCalledWith(routes.consoleMe);
    await expect(shell(() => answer('<html>', 502, 'text/html')).client.call('consoleMe')).rejects.toMatchObject({
      message: 'down 502',
      status: 502,
    });
    await expect(shell(() => Promise.reject(new TypeError('failed'))).client.call('consoleMe')).rejects.toMatchObject({
      message: 'offline',
      status: 0,
    });
  });

  it('sends a file to an upload route as its raw bytes, with its own type', async () => {
    const up = shell(() => answer({ code: 0, data: { listId: 'l', rows: 3, encoding: 'gbk' } }));
    const file = new Blob(['a,b\n'], { type: 'text/csv' });
    await up.client.upload('consoleCampaignWhiteList', file, { query: { id: 'c-1', kind: 'whiteList' } });
    const [url, init] = up.fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/console/campaigns/white-list?id=c-1&kind=whiteList');
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe('text/csv');
  });
});
