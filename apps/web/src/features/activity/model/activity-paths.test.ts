import { describe, expect, it } from 'vitest';
import { playPath, rightScreenFor } from './activity-paths';

const at = (pathname: string, search = '?corpId=demo&actId=x', hash = '') => ({ pathname, search, hash });

describe('which screen plays an activity', () => {
  it('links every type to its game screen', () => {
    expect(playPath('wheel', 'a b')).toBe('/upStdDraw?actId=a%20b');
    expect(playPath('grid', 'g')).toBe('/upStdDraw?actId=g');
    expect(playPath('scratch', 's')).toBe('/bluescratch?actId=s');
    expect(playPath('blindbox', 'b')).toBe('/blindBox?actId=b');
    expect(playPath('common', 'c')).toBe('/commonActivity?actId=c');
  });

  it('leaves a screen that plays the type where it is', () => {
    expect(rightScreenFor('wheel', at('/upStdDraw'))).toBeNull();
    expect(rightScreenFor('grid', at('/upStdDraw'))).toBeNull();
    expect(rightScreenFor('scratch', at('/scratchPlayShare'))).toBeNull();
    expect(rightScreenFor('common', at('/commonActivityShare'))).toBeNull();
  });

  it('sends a mismatch to the right screen, keeping the query and hash', () => {
    expect(rightScreenFor('wheel', at('/blindBox'))).toBe('/upStdDraw?corpId=demo&actId=x');
    expect(rightScreenFor('scratch', at('/upStdDraw', '?actId=s&corpId=demo', '#top'))).toBe(
      '/bluescratch?actId=s&corpId=demo#top',
    );
    expect(rightScreenFor('blindbox', at('/bluescratch'))).toBe('/blindBox?corpId=demo&actId=x');
    expect(rightScreenFor('grid', at('/commonActivity'))).toBe('/upStdDraw?corpId=demo&actId=x');
  });

  it('never moves a page that is no game screen (the landing lists every type)', () => {
    expect(rightScreenFor('wheel', at('/commonLandPage'))).toBeNull();
    expect(rightScreenFor('scratch', at('/v2/activity'))).toBeNull();
  });
});
