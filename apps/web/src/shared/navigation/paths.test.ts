import { describe, expect, it } from 'vitest';
import { currentCorpId, homePath, loginPath } from './paths';

describe('the way home', () => {
  it('is the corp’s activity park, with the corpId of the URL or else the cookie', () => {
    const cookie = (value?: string) => (name: string) => (name === 'corpId' ? value : undefined);
    expect(currentCorpId('?corpId=demo', cookie('other'))).toBe('demo');
    expect(currentCorpId('?actId=x', cookie('other'))).toBe('other');
    expect(currentCorpId('', cookie(undefined))).toBeNull();
    expect(homePath('demo')).toBe('/activityPark?corpId=demo');
    expect(homePath('a&b')).toBe('/activityPark?corpId=a%26b');
    expect(homePath(null)).toBe('/activityPark');
  });

  it('logs in and comes back to where the customer was', () => {
    expect(loginPath({ pathname: '/upStdDraw', search: '?actId=w' })).toBe('/login?redirect=%2FupStdDraw%3FactId%3Dw');
  });
});
