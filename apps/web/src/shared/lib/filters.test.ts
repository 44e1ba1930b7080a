import { maskMobile } from '@campaign/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, debounce } from './debounce';
import { DEFAULT_DATE_PATTERN, formatDate } from './format-date';
import { BANNER_IMAGE_PATH, bannerImageUrl, imageUrl } from './image-url';
import { safeInternalPath } from './query-params';
import { applyRootFontSize, keepRootFontSize, rootFontSize } from './rem';

describe('formatDate', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss and gives empty output for empty input', () => {
    expect(DEFAULT_DATE_PATTERN).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
    expect(formatDate(new Date(2025, 11, 31), 'YYYY/MM/DD')).toBe('2025/12/31');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('maskMobile', () => {
  it('keeps the first 3 and last 4 digits with four asterisks', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('')).toBe('');
    expect(maskMobile(null)).toBe('');
    expect(maskMobile('12345')).toBe('****');
  });
});

describe('imageUrl', () => {
  it('passes absolute URLs through and prefixes relative paths', () => {
    expect(imageUrl('https://cdn.example/a.png', 'https://img.example')).toBe('https://cdn.example/a.png');
    expect(imageUrl('data:image/png;base64,xx')).toBe('data:image/png;base64,xx');
    expect(imageUrl('prizes/a.png', 'https://img.example/')).toBe('https://img.example/prizes/a.png');
    expect(imageUrl('/prizes/a.png', '')).toBe('/prizes/a.png');
    expect(imageUrl('')).toBe('');
  });

  it('builds the banner path with checkscene, corpId and the encoded corpId JSON', () => {
    const url = new URL(bannerImageUrl('spring banner.png', 'demo', ''), 'http://h5.test');
    expect(url.pathname).toBe(`${BANNER_IMAGE_PATH}/spring%20banner.png`);
    expect(url.searchParams.get('checkscene')).toBe('api-bmcs');
    expect(url.searchParams.get('corpId')).toBe('demo');
    expect(JSON.parse(url.searchParams.get('checkData') ?? '')).toEqual({ corpId: 'demo' });
    expect(bannerImageUrl('b.png', 'demo', '')).toContain('checkData=%7B%22corpId%22%3A%22demo%22%7D');
  });
});

describe('debounce', () => {
  it('defaults to 1000 ms and drops repeated taps inside the window', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const tap = debounce(fn);
    expect(DEBOUNCE_MS).toBe(1000);
    tap('a');
    tap('b');
    vi.advanceTimersByTime(999);
    tap('c'); // still inside: the window restarts from this tap
    vi.advanceTimersByTime(1000);
    tap('d');
    expect(fn.mock.calls).toEqual([['a'], ['d']]);
    vi.useRealTimers();
  });
});

describe('rem', () => {
  it('root font size = viewport width / 375 × 12', () => {
    expect(rootFontSize(375)).toBe(12);
    expect(rootFontSize(414)).toBeCloseTo(13.248);
    expect(rootFontSize(320)).toBeCloseTo(10.24);
  });

  it('is applied and kept on resize and rotation', () => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    const stop = keepRootFontSize(window);
    expect(document.documentElement.style.fontSize).toBe('12px');
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 414 });
    window.dispatchEvent(new Event('orientationchange'));
    expect(Number.parseFloat(document.documentElement.style.fontSize)).toBeCloseTo((414 / 375) * 12, 3);
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 320 });
    window.dispatchEvent(new Event('resize'));
    expect(applyRootFontSize()).toBeCloseTo(10.24);
    stop();
  });
});

describe('safeInternalPath', () => {
  it('accepts same-app paths only', () => {
    expect(safeInternalPath('/login?x=1', '/h')).toBe('/login?x=1');
    expect(safeInternalPath('//evil.example', '/h')).toBe('/h');
    expect(safeInternalPath('https://evil.example', '/h')).toBe('/h');
    expect(safeInternalPath(null, '/h')).toBe('/h');
    expect(safeInternalPath('/\n/evil.example', '/h')).toBe('/h');
    expect(safeInternalPath('/\\evil.example', '/h')).toBe('/h');
  });
});
