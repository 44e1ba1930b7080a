import { describe, expect, it, vi } from 'vitest';
import {
  GRAY_RELOAD_MARK,
  type GrayDeps,
  grayRelease,
  pageViewApplies,
  recordPageView,
  rememberCorpId,
} from './startup';

function grayHarness(opts: { cookie?: string; serverSets?: string | null; gray?: boolean; fails?: boolean }) {
  const jar = new Map<string, string>();
  if (opts.cookie) jar.set('X-Tag', opts.cookie);
  const store = new Map<string, string>();
  const reload = vi.fn();
  const grayCheck = vi.fn(async () => {
    if (opts.fails) throw new Error('down');
    if (opts.serverSets === null) jar.delete('X-Tag');
    else if (opts.serverSets) jar.set('X-Tag', opts.serverSets);
    return { gray: opts.gray ?? Boolean(opts.serverSets) };
  });
  const deps: GrayDeps = {
    cookie: (n) => jar.get(n),
    setCookie: (n, v) => jar.set(n, v),
    grayCheck,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => store.set(k, v),
      removeItem: (k) => store.delete(k),
    },
    reload,
    log: vi.fn(),
  };
  return { deps, jar, store, reload, grayCheck };
}

describe('gray release at start-up (spec §4)', () => {
  it('isGray=1 sets the gray tag cookie and makes no call', async () => {
    const h = grayHarness({});
    await expect(grayRelease({ isGray: '1', corpId: 'demo' }, h.deps)).resolves.toBe('tagged');
    expect(h.jar.get('X-Tag')).toBe('gray-bmcs');
    expect(h.grayCheck).not.toHaveBeenCalled();
  });

  it('without corpId it continues without a call', async () => {
    const h = grayHarness({});
    await expect(grayRelease({ isGray: null, corpId: null }, h.deps)).resolves.toBe('no-corp');
    expect(h.grayCheck).not.toHaveBeenCalled();
  });

  it('reloads once when the cookie changed on a fresh load', async () => {
    const h = grayHarness({ serverSets: 'gray-bmcs' });
    await expect(grayRelease({ isGray: null, corpId: 'demo-gray' }, h.deps)).resolves.toBe('reloading');
    expect(h.reload).toHaveBeenCalledOnce();
    expect(h.store.get(GRAY_RELOAD_MARK)).toBe('1');
  });

  it('never reloads twice in a row, even if the server keeps flipping the cookie', async () => {
    const h = grayHarness({ serverSets: 'gray-bmcs' });
    await grayRelease({ isGray: null, corpId: 'c' }, h.deps); // first load → reload
    h.jar.delete('X-Tag'); // a misbehaving server cleared it again
    await expect(grayRelease({ isGray: null, corpId: 'c' }, h.deps)).resolves.toBe('already-reloaded');
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('continues without reload when the cookie did not change, and clears the mark', async () => {
    const h = grayHarness({ cookie: 'gray-bmcs', serverSets: 'gray-bmcs' });
    h.store.set(GRAY_RELOAD_MARK, '1');
    await expect(grayRelease({ isGray: null, corpId: 'demo-gray' }, h.deps)).resolves.toBe('unchanged');
    expect(h.reload).not.toHaveBeenCalled();
    expect(h.store.has(GRAY_RELOAD_MARK)).toBe(false);
  });

  it('a corp taken out of gray loses the cookie: that change reloads once too', async () => {
    const h = grayHarness({ cookie: 'gray-bmcs', serverSets: null, gray: false });
    await expect(grayRelease({ isGray: null, corpId: 'demo' }, h.deps)).resolves.toBe('reloading');
  });

  it('a failing gray check is logged and the app proceeds', async () => {
    const h = grayHarness({ fails: true });
    await expect(grayRelease({ isGray: null, corpId: 'demo' }, h.deps)).resolves.toBe('check-failed');
    expect(h.deps.log).toHaveBeenCalled();
    expect(h.reload).not.toHaveBeenCalled();
  });
});

describe('page-view record (spec §4)', () => {
  it('is sent when actId exists, except on the share and chat-platform pages', () => {
    expect(pageViewApplies('a1', '/upStdDraw')).toBe(true);
    expect(pageViewApplies(null, '/upStdDraw')).toBe(false);
    for (const page of [
      'scratchPlayShare',
      'newCustomers',
      'newCustomersShare',
      'wechatCoupon',
      'visitShopShare',
      'commonActivityShare',
    ]) {
      expect(pageViewApplies('a1', `/${page}`)).toBe(false);
    }
    expect(pageViewApplies('a1', '/commonActivity')).toBe(true);
  });

  it('sends actId and only logs a failure', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const log = vi.fn();
    await expect(recordPageView('a1', '/blindBox', send, log)).resolves.toBe(false);
    expect(send).toHaveBeenCalledWith('a1');
    expect(log).toHaveBeenCalled();
    const ok = vi.fn(async () => null);
    await expect(recordPageView('a1', '/newCustomers', ok, log)).resolves.toBe(false);
    expect(ok).not.toHaveBeenCalled();
  });
});

describe('corpId at start-up', () => {
  it('a corpId in the URL is stored in the corpId cookie', () => {
    const set = vi.fn();
    rememberCorpId('demo', set);
    rememberCorpId(null, set);
    expect(set).toHaveBeenCalledOnce();
    expect(set).toHaveBeenCalledWith('corpId', 'demo');
  });
});
