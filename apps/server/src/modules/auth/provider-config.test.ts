import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { captureLog } from '../../testing/fake-http';
import { HttpOpenIdProvider } from './http-open-id-provider';
import { HttpSmsSender } from './http-sms-sender';
import { authProviders } from './provider-config';
import { simulatedOpenIdProvider } from './providers';

const KEY = 'ab'.repeat(32);
const SMS = {
  SMS_ENDPOINT: 'https://sms.bank.internal/v1/send',
  SMS_ACCESS_KEY: 'ak',
  SMS_SECRET: 'sms-secret',
  SMS_TEMPLATE_ID: 'SMS_LOGIN_01',
};
const OAUTH = { OAUTH_BASE_URL: 'https://api.chat.example', OAUTH_APP_ID: 'wx1', OAUTH_APP_SECRET: 'oauth-secret' };
const ALL_VARIABLES = [...Object.keys(SMS), ...Object.keys(OAUTH)];
const { log } = captureLog();
const choose = (env: Record<string, string | undefined>) => authProviders(loadConfig(env), log);
const refusal = (env: Record<string, string | undefined>) => {
  try {
    choose(env);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error('expected a start-up error');
};

describe('choosing the identity providers', () => {
  it('uses the real ones wherever they are configured, demo mode included', () => {
    for (const env of [{ NODE_ENV: 'production', ENCRYPTION_KEY: KEY }, { NODE_ENV: 'development' }]) {
      const chosen = choose({ ...env, ...SMS, ...OAUTH });
      expect(chosen.otpSender).toBeInstanceOf(HttpSmsSender);
      expect(chosen.openIdProvider).toBeInstanceOf(HttpOpenIdProvider);
    }
  });

  it('falls back to the log sender and the simulated provider in demo mode and in tests only', async () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'test', DEMO_MODE: '0' }]) {
      const demoLog = captureLog();
      const chosen = authProviders(loadConfig(env), demoLog.log);
      await chosen.otpSender.send({ corpId: 'demo', mobile: '13900000000', code: '246810' });
      expect(demoLog.lines).toEqual([expect.stringContaining('[demo sms] corp=demo mobile=13900000000 code=246810')]);
      expect(chosen.openIdProvider).toBe(simulatedOpenIdProvider);
    }
    expect(refusal({ NODE_ENV: 'development', DEMO_MODE: '0' })).toContain('DEMO_MODE');
  });

  it('refuses to start in production without them, naming every missing variable, demo mode or not', () => {
    for (const demo of [{}, { DEMO_MODE: '1' }]) {
      const message = refusal({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, ...demo });
      expect(message).toContain('NODE_ENV=production');
      for (const name of ALL_VARIABLES) expect(message).toContain(name);
    }
    const onlySms = refusal({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, ...SMS });
    for (const name of Object.keys(OAUTH)) expect(onlySms).toContain(name);
    for (const name of Object.keys(SMS)) expect(onlySms).not.toContain(name);
  });

  it('accepts providers handed in (tests) in place of configuration', () => {
    const config = loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY });
    const given = { otpSender: { send: async () => {} }, openIdProvider: simulatedOpenIdProvider };
    expect(authProviders(config, log, given)).toEqual(given);
  });

  it('refuses a half-configured gateway or a URL that is not http(s), in any environment', () => {
    const { SMS_SECRET: _secret, ...noSecret } = SMS;
    expect(() => loadConfig({ NODE_ENV: 'development', ...noSecret })).toThrow(/SMS_SECRET missing/);
    expect(() => loadConfig({ NODE_ENV: 'development', OAUTH_APP_ID: 'wx1' })).toThrow(
      /OAUTH_BASE_URL, OAUTH_APP_SECRET missing/,
    );
    expect(() => loadConfig({ ...SMS, SMS_ENDPOINT: 'ftp://sms.bank.internal' })).toThrow(/SMS_ENDPOINT/);
    expect(() => loadConfig({ ...OAUTH, OAUTH_TIMEOUT_MS: '5' })).toThrow(/OAUTH_TIMEOUT_MS/);
  });

  it('reads the timeouts, 3000 ms unless set', () => {
    const config = loadConfig({ ...SMS, ...OAUTH, OAUTH_TIMEOUT_MS: '1500' });
    expect(config.sms).toEqual({
      endpoint: SMS.SMS_ENDPOINT,
      accessKey: 'ak',
      secret: 'sms-secret',
      templateId: 'SMS_LOGIN_01',
      timeoutMs: 3000,
    });
    expect(config.oauth?.timeoutMs).toBe(1500);
    // Set but empty is unset (as DATABASE_URL='' is).
    expect(loadConfig({ SMS_ENDPOINT: '', SMS_SECRET: '' }).sms).toBeNull();
  });
});
