import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

/** The outside probe's bursts on the one-time code, fired at once and counted. */
describe.each(kinds)('one-time-code bursts on %s', (kind) => {
  let t: TestApp;
  const sent: { mobile: string; code: string }[] = [];
  let ipSeq = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      otpSender: { send: async (m) => void sent.push(m) },
      config: testConfig({
        demoMode: false,
        rateLimits: { loginPerMinute: 10_000, drawPerSecond: 20, trackingPerMinute: 100 },
      }),
    });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: H5, remoteAddress: `10.66.0.${++ipSeq % 250}` });
  const send = (mobile: string) => post('/bmcs/api/auth/otp/send?corpId=demo', { mobile });
  const guess = (mobile: string, code: string) => post('/bmcs/api/auth/otp/login?corpId=demo', { mobile, code });

  it('24 concurrent guesses with the right code among them: at most 5 are evaluated', async () => {
    const mobile = '13900005001';
    expect(body(await send(mobile)).code).toBe(0);
    const code = sent.filter((s) => s.mobile === mobile).at(-1)?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const codes = Array.from({ length: 24 }, (_, i) => (i === 20 ? code : wrong));
    const answers = await Promise.all(codes.map((c) => guess(mobile, c)));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
    const results = answers.map((a) => body(a).code);
    const wrongAnswers = results.filter((c) => c === 1005).length;
    const loggedIn = results.filter((c) => c === 0).length;
    // Evaluated guesses answer "wrong" (the fifth "locked") or log in; the others are "locked", or "expired"
    // once a right guess has used the code up.
    expect(wrongAnswers + loggedIn).toBeLessThanOrEqual(5);
    expect(loggedIn).toBeLessThanOrEqual(1);
    expect(results.filter((c) => ![0, 1005, 1006, 1007].includes(c))).toEqual([]);
    if (loggedIn === 0) {
      const row = await t.database.db
        .selectFrom('otp_code')
        .select('attempts')
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      // Locked: the right code now is refused too.
      expect(body(await guess(mobile, code)).code).toBe(1007);
    }
  });

  it('a wrong-guess burst locks the code: the right code afterwards is refused', async () => {
    const mobile = '13900005002';
    expect(body(await send(mobile)).code).toBe(0);
    const code = sent.filter((s) => s.mobile === mobile).at(-1)?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const results = (await Promise.all(Array.from({ length: 24 }, () => guess(mobile, wrong)))).map(
      (a) => body(a).code,
    );
    expect(results.filter((c) => c === 1005).length).toBe(4);
    expect(results.filter((c) => c === 1007).length).toBe(20);
    expect(body(await guess(mobile, code)).code).toBe(1007);
  });

  it('20 concurrent sends to a new phone send one code; 20 more after 60 s send one more', async () => {
    const mobile = '13900005003';
    const count = () => sent.filter((s) => s.mobile === mobile).length;
    for (const round of [1, 2]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(mobile)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 429 && body(a).code === 1008)).toHaveLength(19);
      expect(count()).toBe(round);
      t.clock.advance(61_000);
    }
  });
});
