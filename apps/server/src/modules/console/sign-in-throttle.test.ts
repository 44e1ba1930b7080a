import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffCommand } from '../../cli/console-commands';
import { testConfig } from '../../config';
import { consoleSignIn, DEMO_CONSOLE, seedConsole, signInRaw } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';
import { checkPassword } from './password';
import { ADDRESS_ATTEMPTS, PAIR_ATTEMPTS, THROTTLE_WINDOW_MS } from './service';
import { totpCode } from './totp';

// The one password check, watched: every sign-in path must run it (unknown, wrong and throttled cost the same).
vi.mock('./password', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password')>();
  return { ...real, checkPassword: vi.fn(real.checkPassword) };
});

const kinds = await dialects();
const FAILED = { code: 6001, data: '登录名、密码或动态验证码不正确' };
const THROTTLED = { code: 6002, data: '登录尝试次数过多，请稍后再试' };

/** Every attempt runs a real scrypt (32 MiB, ~0.1 s): dozens of them on a shared machine take a while. */
const SLOW = 180_000;

type Entry = { action: string; subject: string | null; ip: string | null; after: Record<string, unknown> };

describe.each(kinds)('console sign-in attempts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  }, SLOW);
  afterAll(async () => t?.close());

  const { admin, operator, auditor, approver } = DEMO_CONSOLE;
  const code = (secret: string) => totpCode(secret, t.clock.now);
  const right = (who: { login: string; password: string; totpSecret: string }) => {
    t.clock.advance(30_000);
    return { login: who.login, password: who.password, totp: code(who.totpSecret) };
  };
  const auditFrom = async (ip: string) => {
    const a = await consoleSignIn(t, admin);
    const items = [];
    for (const action of ['console.sign-in-failed', 'console.throttled']) {
      const res = await a.get(`/console/audit?action=${action}&pageSize=100`);
      items.push(...body<{ items: Entry[] }>(res).data.items);
    }
    return items.filter((e) => e.ip === ip);
  };

  it(
    'twenty wrong passwords at once from one address: exactly five are checked; the owner signs in from elsewhere meanwhile',
    async () => {
      const from = '10.77.0.1';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          signInRaw(t, { login: 'admin', password: 'wrong-password-1', totp: '123456' }, 'demo', from),
        ),
      );
      const codes = answers.map((r) => body(r).code);
      expect(codes.filter((c) => c === 6001)).toHaveLength(PAIR_ATTEMPTS);
      expect(codes.filter((c) => c === 6002)).toHaveLength(20 - PAIR_ATTEMPTS);
      // The account is not locked: its owner, from an address that has not failed, signs in.
      await consoleSignIn(t, admin);
      // The guesser's address stays refused for this login, the right password and code included.
      expect(body(await signInRaw(t, right(admin), 'demo', from))).toEqual(THROTTLED);
      const entries = await auditFrom(from);
      const reasons = entries.filter((e) => e.action === 'console.sign-in-failed').map((e) => e.after.reason);
      expect(reasons.filter((r) => r === 'password')).toHaveLength(PAIR_ATTEMPTS);
      expect(reasons.filter((r) => r === 'throttled')).toHaveLength(20 - PAIR_ATTEMPTS + 1);
      expect(entries.filter((e) => e.action === 'console.throttled')).toEqual([
        expect.objectContaining({
          subject: 'admin-zhou',
          after: expect.objectContaining({ scope: 'pair', login: 'admin' }),
        }),
      ]);
      // The window ends: the address may try again.
      t.clock.advance(THROTTLE_WINDOW_MS);
      expect(body(await signInRaw(t, right(admin), 'demo', from))).toMatchObject({ code: 0 });
    },
    SLOW,
  );

  it(
    'an address trying many logins is held after twenty attempts, for every login, known or not',
    async () => {
      const from = '10.77.0.2';
      const answers = await Promise.all(
        Array.from({ length: ADDRESS_ATTEMPTS + 5 }, (_, i) =>
          signInRaw(t, { login: `nobody-${i}`, password: 'wrong-password-1', totp: '123456' }, 'demo', from),
        ),
      );
      const codes = answers.map((r) => body(r).code);
      expect(codes.filter((c) => c === 6001)).toHaveLength(ADDRESS_ATTEMPTS);
      expect(codes.filter((c) => c === 6002)).toHaveLength(5);
      expect(body(await signInRaw(t, right(operator), 'demo', from))).toEqual(THROTTLED);
      await consoleSignIn(t, operator);
    },
    SLOW,
  );

  it(
    'unknown, wrong and throttled answer alike: a real login and an unknown one get the same answers in turn',
    async () => {
      const seen = { real: [] as unknown[], unknown: [] as unknown[] };
      for (let i = 0; i < PAIR_ATTEMPTS + 2; i++) {
        t.clock.advance(30_000);
        // A wrong password, then the right password with a wrong code, in turn.
        const guess =
          i % 2 ? { password: auditor.password, totp: '000000' } : { password: 'wrong-pass-1', totp: '000000' };
        seen.real.push(body(await signInRaw(t, { login: 'auditor', ...guess }, 'demo', '10.77.0.3')));
        seen.unknown.push(body(await signInRaw(t, { login: 'no-such-login', ...guess }, 'demo', '10.77.0.4')));
      }
      expect(seen.real).toEqual(seen.unknown);
      expect(seen.real).toEqual([...Array(PAIR_ATTEMPTS).fill(FAILED), THROTTLED, THROTTLED]);
    },
    SLOW,
  );

  it(
    'every path costs one password check: unknown, wrong password, wrong code, throttled, and a success',
    async () => {
      const check = vi.mocked(checkPassword);
      const from = '10.77.0.5';
      const once = async (input: { login: string; password: string; totp: string }, expected: number) => {
        check.mockClear();
        expect(body(await signInRaw(t, input, 'demo', from)).code).toBe(expected);
        expect(check).toHaveBeenCalledTimes(1);
      };
      await once({ login: 'nobody-at-all', password: 'wrong-pass-1', totp: '123456' }, 6001);
      await once({ login: 'approver', password: 'wrong-pass-1', totp: '123456' }, 6001);
      await once({ ...right(approver), totp: '000000' }, 6001);
      await once(right(approver), 0);
      for (let i = 0; i < PAIR_ATTEMPTS; i++)
        await once({ login: 'approver', password: 'wrong-pass-1', totp: '123456' }, 6001);
      await once(right(approver), 6002);
      await once({ login: 'nobody-at-all', password: 'wrong-pass-1', totp: '123456' }, 6001);
    },
    SLOW,
  );

  it(
    'signing in forgets that address’s failures at the login',
    async () => {
      const from = '10.77.0.6';
      const wrong = { login: 'operator', password: 'wrong-pass-1', totp: '123456' };
      for (let i = 0; i < PAIR_ATTEMPTS - 1; i++) expect(body(await signInRaw(t, wrong, 'demo', from))).toEqual(FAILED);
      expect(body(await signInRaw(t, right(operator), 'demo', from))).toMatchObject({ code: 0 });
      for (let i = 0; i < PAIR_ATTEMPTS; i++) expect(body(await signInRaw(t, wrong, 'demo', from))).toEqual(FAILED);
      expect(body(await signInRaw(t, wrong, 'demo', from))).toEqual(THROTTLED);
    },
    SLOW,
  );

  it(
    '`cli staff unlock` lets the login be tried again at once from every address (audited)',
    async () => {
      const from = '10.77.0.7';
      for (let i = 0; i <= PAIR_ATTEMPTS; i++)
        await signInRaw(t, { login: 'auditor', password: 'wrong-pass-1', totp: '123456' }, 'demo', from);
      expect(body(await signInRaw(t, right(auditor), 'demo', from))).toEqual(THROTTLED);
      const usage = vi.fn(() => 2);
      const out = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        expect(await staffCommand(t.services, testConfig(), ['unlock', 'demo'], usage)).toBe(2);
        expect(await staffCommand(t.services, testConfig(), ['unlock', 'demo', 'auditor-sun'], usage)).toBe(0);
        expect(out.mock.calls.join('\n')).toContain('"auditor" may be tried again');
        await expect(staffCommand(t.services, testConfig(), ['unlock', 'demo', 'nobody'], usage)).rejects.toThrow();
      } finally {
        out.mockRestore();
      }
      expect(body(await signInRaw(t, right(auditor), 'demo', from))).toMatchObject({ code: 0 });
      const a = await consoleSignIn(t, admin);
      const [e] = body<{ items: Entry[] }>(await a.get('/console/audit?action=staff.unlock')).data.items;
      expect(e).toMatchObject({ subject: 'auditor-sun', after: { login: 'auditor' } });
    },
    SLOW,
  );
});
