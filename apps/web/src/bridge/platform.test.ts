import { describe, expect, it } from 'vitest';
import { appVersionFromUserAgent, bridgePathFor, DEFAULT_APP_VERSION, detectHost, detectPlatform } from './platform';

const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const HARMONY = 'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Android ArkWeb/4.1.6.1';

describe('platform detection (spec §6)', () => {
  it('tells iOS, Android and Harmony apart (Harmony before Android)', () => {
    expect(detectPlatform(IOS)).toBe('ios');
    expect(detectPlatform(ANDROID)).toBe('android');
    expect(detectPlatform(HARMONY)).toBe('harmony');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other');
  });

  it('detects the host app and its channel: 315 lifestyle app, 303 banking app, 312 otherwise', () => {
    expect(detectHost(`${IOS} ElifeApp/2.1.5`)).toMatchObject({ hostApp: 'elife', embedded: true, channel: 315 });
    expect(detectHost(`${ANDROID} BankApp/9.0.1`)).toMatchObject({ hostApp: 'bank', embedded: true, channel: 303 });
    expect(detectHost(IOS)).toMatchObject({ hostApp: 'none', embedded: false, channel: 312 });
  });
});

describe('app version (spec §9)', () => {
  it('comes from the user agent, 1000 when it cannot be parsed', () => {
    expect(appVersionFromUserAgent(`${IOS} ElifeApp/2.1.2`)).toBe(212);
    expect(appVersionFromUserAgent(`${IOS} ElifeApp/2.13`)).toBe(213);
    expect(appVersionFromUserAgent(`${ANDROID} BankApp/3.0.0`)).toBe(300);
    expect(appVersionFromUserAgent(IOS)).toBe(DEFAULT_APP_VERSION);
    expect(DEFAULT_APP_VERSION).toBe(1000);
  });

  it('below 213 the bridge calls the app directly, from 213 on the prompt path', () => {
    expect(bridgePathFor(212)).toBe('direct');
    expect(bridgePathFor(1)).toBe('direct');
    expect(bridgePathFor(213)).toBe('prompt');
    expect(bridgePathFor(DEFAULT_APP_VERSION)).toBe('prompt');
  });
});
