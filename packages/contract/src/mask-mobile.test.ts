import { describe, expect, it } from 'vitest';
import { maskMobile } from './mask-mobile';

describe('maskMobile', () => {
  it('shows the first 3 and the last 4 digits of a mainland number (spec §3)', () => {
    expect(maskMobile('13912345678')).toBe('139****5678');
  });

  it('is empty for nothing', () => {
    expect(maskMobile(null)).toBe('');
    expect(maskMobile(undefined)).toBe('');
    expect(maskMobile('')).toBe('');
    expect(maskMobile('   ')).toBe('');
  });

  it('hides a number too short to mask instead of echoing it', () => {
    expect(maskMobile('123456')).toBe('****');
    expect(maskMobile('1')).toBe('****');
    // Seven digits is the shortest that still hides something between the ends.
    expect(maskMobile('1234567')).toBe('123****4567');
  });

  it('keeps only the ends of a longer number', () => {
    expect(maskMobile('001391234567890')).toBe('001****7890');
  });

  it('ignores spaces and hyphens and drops the +86 prefix', () => {
    expect(maskMobile(' 139 1234 5678 ')).toBe('139****5678');
    expect(maskMobile('139-1234-5678')).toBe('139****5678');
    expect(maskMobile('+8613912345678')).toBe('139****5678');
    expect(maskMobile('8613912345678')).toBe('139****5678');
  });

  it('never echoes text that is not a number', () => {
    expect(maskMobile('abcdefghijk')).toBe('****');
    expect(maskMobile('139abcd5678')).toBe('****');
    expect(maskMobile('+4420 7946 0958')).toBe('****');
  });
});
