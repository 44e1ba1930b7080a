import { describe, expect, it } from 'vitest';
import { codeError, mobileError, redirectTarget, secondsLeft } from './login-form';

describe('login form rules', () => {
  it('validates the phone and the code inline', () => {
    expect(mobileError('')).toBe('请输入手机号');
    expect(mobileError('12345678901')).toBe('手机号格式不正确');
    expect(mobileError('13800138000')).toBeNull();
    expect(codeError('')).toBe('请输入验证码');
    expect(codeError('12a456')).toBe('验证码为 6 位数字');
    expect(codeError('123456')).toBeNull();
  });

  it('counts the resend countdown down from a deadline', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 60_500)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });

  it('forwards a signed-in visitor to same-origin paths only, never back to /login', () => {
    expect(redirectTarget('/upStdDraw?actId=wheel-spring')).toBe('/upStdDraw?actId=wheel-spring');
    expect(redirectTarget('https://evil.example/x')).toBeNull();
    expect(redirectTarget('//evil.example/x')).toBeNull();
    expect(redirectTarget('/\\evil.example/x')).toBeNull();
    // Dot segments are removed by URL parsing: this would become //evil.example.
    expect(redirectTarget('/.//evil.example')).toBeNull();
    expect(redirectTarget('/%2F%2Fevil.example')).toBeNull();
    // Tabs and newlines are dropped by URL parsing: this would become //evil.example.
    expect(redirectTarget('/\t/evil.example')).toBeNull();
    expect(redirectTarget('javascript:alert(1)')).toBeNull();
    expect(redirectTarget('/login?redirect=%2Fx')).toBeNull();
    expect(redirectTarget(null)).toBeNull();
  });
});
