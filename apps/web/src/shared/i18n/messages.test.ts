import { describe, expect, it } from 'vitest';
import { loadLocale } from './load-locale';
import { detectLocale, MESSAGES, t } from './messages';
import { enUS } from './messages-en-us';

describe('message catalogue', () => {
  it('zh-CN is the default and en-US has exactly the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(MESSAGES['zh-CN']).sort());
    expect(detectLocale('')).toBe('zh-CN');
    expect(detectLocale('?lang=en-US')).toBe('en-US');
  });

  it('fills placeholders; en-US once loaded', async () => {
    await loadLocale('en-US');
    expect(t('login.countdown', { seconds: 42 }, 'zh-CN')).toBe('42s 后重发');
    expect(t('login.countdown', { seconds: 42 }, 'en-US')).toBe('Resend in 42s');
    expect(t('request.expired', undefined, 'zh-CN')).toBe('登录状态已失效，请重新进入');
  });
});
