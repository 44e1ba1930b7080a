import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    document.cookie = 'corpId=; max-age=0; path=/';
  });

  it('reads what writeCookie wrote, even in the same task as an earlier read', () => {
    writeCookie('corpId', 'demo');
    expect(readCookie('corpId')).toBe('demo');
    writeCookie('corpId', 'other corp');
    expect(readCookie('corpId')).toBe('other corp');
  });

  it('sees a cookie set another way once the task has moved on', async () => {
    expect(readCookie('corpId')).toBeUndefined();
    document.cookie = 'corpId=bank-b; path=/';
    await Promise.resolve();
    expect(readCookie('corpId')).toBe('bank-b');
  });
});
