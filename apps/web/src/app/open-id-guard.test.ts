import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetTriedCodes, type OpenIdGuardDeps, resolveOpenId } from './open-id-guard';

function deps(over: Partial<OpenIdGuardDeps> = {}): OpenIdGuardDeps {
  return {
    isApp: '2',
    appVersion: null,
    storedOpenId: '',
    code: null,
    exchange: vi.fn(async (code: string) => `oid-${code}`),
    store: vi.fn(),
    log: vi.fn(),
    ...over,
  };
}

describe('open-id guard (spec §4)', () => {
  beforeEach(() => forgetTriedCodes());

  it('applies only when isApp is 2 and the stored app version is not 2', async () => {
    expect(await resolveOpenId(deps({ isApp: '1', code: 'c1' }))).toEqual({ kind: 'skipped' });
    expect(await resolveOpenId(deps({ isApp: null, code: 'c1' }))).toEqual({ kind: 'skipped' });
    expect(await resolveOpenId(deps({ appVersion: '2', code: 'c1' }))).toEqual({ kind: 'skipped' });
    expect((await resolveOpenId(deps({ appVersion: '1000', code: 'c1' }))).kind).toBe('exchanged');
  });

  it('uses the stored open id without exchanging', async () => {
    const d = deps({ storedOpenId: 'oid-old', code: 'c2' });
    expect(await resolveOpenId(d)).toEqual({ kind: 'stored', openId: 'oid-old' });
    expect(d.exchange).not.toHaveBeenCalled();
  });

  it('exchanges a code and stores the id', async () => {
    const d = deps({ code: 'abcd' });
    expect(await resolveOpenId(d)).toEqual({ kind: 'exchanged', openId: 'oid-abcd' });
    expect(d.store).toHaveBeenCalledWith('oid-abcd');
  });

  it('on error logs and continues with an empty id; the same code is not retried', async () => {
    const exchange = vi.fn(async () => {
      throw new Error('1009');
    });
    const d = deps({ code: 'badcode', exchange });
    expect(await resolveOpenId(d)).toEqual({ kind: 'failed', openId: '' });
    expect(d.log).toHaveBeenCalled();
    expect(d.store).toHaveBeenCalledWith('');
    expect(await resolveOpenId(d)).toEqual({ kind: 'none', openId: '' });
    expect(exchange).toHaveBeenCalledOnce();
  });

  it('without a code there is nothing to do', async () => {
    expect(await resolveOpenId(deps())).toEqual({ kind: 'none', openId: '' });
  });
});
