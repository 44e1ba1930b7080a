import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SmsGatewayConfig } from '../../config';
import {
  captureLog,
  type FakeHttpServer,
  type FakeRequest,
  inOrder,
  rejectionOf,
  startFakeHttp,
} from '../../testing/fake-http';
import { HttpSmsSender, SMS_HEADERS, smsSigningString } from './http-sms-sender';
import { ProviderError } from './providers';

const SECRET = 'sms-secret-for-tests-0001';
const CODE = '908172';
const MOBILE = '13912345678';
const bodySchema = z.object({
  mobile: z.string(),
  templateId: z.string(),
  templateParams: z.object({ code: z.string() }),
  outId: z.string().min(8),
});

/** What the gateway does with a request: recompute the HMAC with its copy of the secret. */
function signatureValid(req: FakeRequest, secret: string): boolean {
  const ts = String(req.headers[SMS_HEADERS.timestamp]);
  const nonce = String(req.headers[SMS_HEADERS.nonce]);
  const expected = createHmac('sha256', secret)
    .update(smsSigningString(ts, nonce, req.body))
    .digest('hex');
  return req.headers[SMS_HEADERS.signature] === expected;
}

describe('HttpSmsSender against a local fake gateway', () => {
  let fake: FakeHttpServer;
  let capture: ReturnType<typeof captureLog>;
  let waits: number[];
  beforeAll(async () => {
    fake = await startFakeHttp();
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    capture = captureLog();
    waits = [];
  });

  const sender = (over: Partial<SmsGatewayConfig> = {}) =>
    new HttpSmsSender(
      {
        endpoint: `${fake.url}/sms/send`,
        accessKey: 'ak-campaign',
        secret: SECRET,
        templateId: 'SMS_LOGIN_01',
        timeoutMs: 1000,
        ...over,
      },
      {
        log: capture.log,
        retry: { attempts: 3, backoffMs: 200 },
        wait: async (ms) => void waits.push(ms),
      },
    );
  const send = (s = sender()) => s.send({ corpId: 'demo', mobile: MOBILE, code: CODE });
  const failure = (s = sender()) => rejectionOf(send(s), ProviderError);
  /** Nothing the sender logged or threw may hold the code or the full number. */
  const expectNoSecretsIn = (...texts: string[]) => {
    for (const text of [...capture.lines, ...texts]) {
      expect(text).not.toContain(CODE);
      expect(text).not.toContain(MOBILE);
      expect(text).not.toContain(SECRET);
    }
  };

  it('POSTs the number, template and code, signed so the gateway can verify it with the secret', async () => {
    fake.answer(() => ({ json: { code: 'OK', requestId: 'gw-req-1' } }));
    await send();
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/sms/send');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers[SMS_HEADERS.accessKey]).toBe('ak-campaign');
    expect(bodySchema.parse(JSON.parse(req.body))).toMatchObject({
      mobile: MOBILE,
      templateId: 'SMS_LOGIN_01',
      templateParams: { code: CODE },
    });
    expect(signatureValid(req, SECRET)).toBe(true);
    expect(signatureValid(req, 'another-secret')).toBe(false);
    expect(signatureValid({ ...req, body: req.body.replace(CODE, '000000') }, SECRET)).toBe(false);
    // The log says who (masked) and which gateway request, never the code.
    expect(capture.lines.join('\n')).toContain('139****5678');
    expect(capture.lines.join('\n')).toContain('gw-req-1');
    expectNoSecretsIn();
  });

  it('retries a gateway that does not answer in time, then reports it unavailable', async () => {
    fake.answer(() => 'hang');
    const started = Date.now();
    const err = await failure(sender({ timeoutMs: 150 }));
    expect(err.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 - 20);
    // Backoff doubles: ~200 then ~400 (jittered between half and all of it).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(200);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(400);
    expect(capture.lines.filter((l) => l.startsWith('warn'))).toHaveLength(2);
    expectNoSecretsIn(err.message);
  });

  it('retries 5xx and dropped connections, then reports unavailable', async () => {
    fake.answer(inOrder({ status: 502, text: 'bad gateway' }, 'reset', { status: 503, json: { code: 'BUSY' } }));
    const err = await failure();
    expect(err.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
    expectNoSecretsIn(err.message);
  });

  it('sends when a 5xx is followed by an answer; every attempt carries the same outId, freshly signed', async () => {
    fake.answer(inOrder({ status: 500, text: 'oops' }, { json: { code: 'OK', requestId: 'gw-req-2' } }));
    await send();
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests.map((r) => ({ ...r, parsed: bodySchema.parse(JSON.parse(r.body)) }));
    expect(first?.parsed.outId).toBe(second?.parsed.outId);
    expect(first?.headers[SMS_HEADERS.nonce]).not.toBe(second?.headers[SMS_HEADERS.nonce]);
    expect(fake.requests.every((r) => signatureValid(r, SECRET))).toBe(true);
    expect(capture.lines.join('\n')).toContain('gw-req-2');
    expectNoSecretsIn();
  });

  it('does not retry an unreadable answer (the text may have gone out): unavailable after one attempt', async () => {
    fake.answer(() => ({ text: '<html>not json' }));
    expect((await failure()).kind).toBe('unavailable');
    fake.answer(() => ({ json: { status: 'sent' } })); // JSON, but not the protocol
    expect((await failure()).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(2);
  });

  it("takes the gateway's refusal as final: refused, no retry, nothing secret logged", async () => {
    fake.answer(() => ({
      json: { code: 'isv.MOBILE_NUMBER_ILLEGAL', message: `bad number ${MOBILE}`, requestId: 'r9' },
    }));
    const err = await failure();
    expect(err.kind).toBe('refused');
    expect(err.message).toContain('isv.MOBILE_NUMBER_ILLEGAL');
    expect(fake.requests).toHaveLength(1);
    expectNoSecretsIn(err.message);
  });

  it('does not retry a 4xx (the gateway refusing our signature or key): unavailable after one attempt', async () => {
    fake.answer(() => ({ status: 401, json: { code: 'SignatureDoesNotMatch' } }));
    const err = await failure();
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('401');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not follow a redirect with the signed request: unavailable after one attempt', async () => {
    fake.answer((req) =>
      req.url.pathname === '/sms/send'
        ? { status: 302, headers: { location: '/elsewhere' } }
        : { json: { code: 'OK' } },
    );
    const err = await failure();
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('302');
    expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/sms/send']);
  });

  it('reports a gateway nobody listens on as unavailable', async () => {
    const gone = await startFakeHttp();
    const endpoint = `${gone.url}/sms/send`;
    await gone.close();
    const err = await failure(sender({ endpoint }));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('ECONNREFUSED');
    expectNoSecretsIn(err.message);
  });
});
