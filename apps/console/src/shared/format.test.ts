import { describe, expect, it } from 'vitest';
import { chinaIso, formatTime } from './format';

describe('formatTime', () => {
  it('writes epoch ms as China time, to the minute or the second', () => {
    const ms = Date.UTC(2026, 10, 22, 17, 5, 9);
    expect(formatTime(ms)).toBe('2026-11-23 01:05');
    expect(formatTime(ms, true)).toBe('2026-11-23 01:05:09');
    expect(chinaIso(ms).slice(0, 16)).toBe('2026-11-23T01:05');
  });

  it('writes nothing for no time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined, true)).toBe('');
  });
});
