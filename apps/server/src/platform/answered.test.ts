import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { onAnswered } from './answered';
import { installEnvelopeErrors } from './envelope';
import { installLoadShedding } from './load-shedding';
import { installMetrics } from './metrics';

/** A gate the test opens: the handler waits on it, so the test decides when the server answers. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, pass: () => opened };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * A server with the real shedding (one draw slot) and metrics, a draw route that answers when the test opens
 * its gate, and the answers as `onAnswered` reports them.
 */
async function serve() {
  const draws: ReturnType<typeof gate>[] = [];
  const streams: ReturnType<typeof gate>[] = [];
  const answers: string[] = [];
  app = Fastify();
  installEnvelopeErrors(app);
  await installLoadShedding(app, testConfig({ maxDrawsInFlight: 1 }));
  const metrics = installMetrics(app, { defaultMetrics: false, expose: 'off' });
  onAnswered(app, (req, reply) => answers.push(`${req.method} ${reply.statusCode}`));
  // Requests the shedding let through (its hook runs first), as soon as their headers are read.
  const admitted: string[] = [];
  app.addHook('onRequest', async (req) => {
    admitted.push(req.url);
  });
  app.post('/bmcs/api/draw', { config: { endpointName: 'lottery' } }, async () => {
    const g = gate();
    draws.push(g);
    await g.pass();
    return { ok: true };
  });
  // A stream its handler takes over, as the dashboard's live numbers do.
  app.get('/bmcs/api/stream', { config: { endpointName: 'lottery' } }, async (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
    const g = gate();
    streams.push(g);
    await g.pass();
    reply.raw.end();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const draw = () =>
    fetch(`http://127.0.0.1:${port}/bmcs/api/draw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  const counted = async (status: number) => {
    const text = await metrics.metrics();
    const line = text.split('\n').find((l) => l.startsWith('http_requests_total{') && l.includes(`status="${status}"`));
    return Number(line?.split(' ').pop() ?? 0);
  };
  /** A draw the test lets through at once: the status it got. */
  const drawThrough = async () => {
    const res = draw();
    const n = draws.length;
    await waitFor(() => draws[n]);
    draws[n]?.open();
    return (await res).status;
  };
  return { port, draws, streams, admitted, answers, counted, draw, drawThrough };
}

/**
 * Sends a draw over a raw socket, its body whole or cut short (`sent` of `length` bytes); `hangUp` closes it,
 * as a customer closing the page mid-draw does.
 */
function rawDraw(port: number, { length = 2, sent = '{}' } = {}) {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(
      `POST /bmcs/api/draw HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n${sent}`,
    );
  });
  socket.on('error', () => {});
  const closed = new Promise((r) => socket.once('close', r));
  return {
    hangUp: () => {
      socket.destroy();
      return closed;
    },
  };
}

describe('a customer hanging up: the draw slot and the counts', () => {
  it('is held while the server works on a draw whose customer hung up, and freed once it answers', async () => {
    const s = await serve();
    const customer = rawDraw(s.port);
    await waitFor(() => s.draws[0]);
    await customer.hangUp();
    // The draw still runs: a second one finds the only slot taken.
    const refused = await s.draw();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    // It answers into a closed connection: the slot comes back.
    s.draws[0]?.open();
    await new Promise((r) => setTimeout(r, 20));
    expect(await s.drawThrough()).toBe(200);
    // And again: nothing leaked by either.
    expect(await s.drawThrough()).toBe(200);
    // Each answer observed once, the one nobody received included, and counted in the metrics.
    expect(s.answers.sort()).toEqual(['POST 200', 'POST 200', 'POST 200', 'POST 429']);
    expect(await s.counted(200)).toBe(3);
    expect(await s.counted(429)).toBe(1);
  });

  it('is freed when a customer hangs up before the draw was read whole', async () => {
    const s = await serve();
    const customer = rawDraw(s.port, { length: 40, sent: '{"a' });
    // Its headers are read: it holds the slot while its body is awaited.
    await waitFor(() => s.admitted[0]);
    expect((await s.draw()).status).toBe(429);
    await customer.hangUp();
    await new Promise((r) => setTimeout(r, 20));
    expect(await s.drawThrough()).toBe(200);
    expect(s.answers.sort()).toEqual(['POST 200', 'POST 400', 'POST 429']);
  });

  it('is freed when a stream its handler took over ends', async () => {
    const s = await serve();
    const res = await fetch(`http://127.0.0.1:${s.port}/bmcs/api/stream`);
    expect(res.status).toBe(200);
    await waitFor(() => s.streams[0]);
    expect((await s.draw()).status).toBe(429);
    s.streams[0]?.open();
    await res.text();
    await new Promise((r) => setTimeout(r, 20));
    expect(await s.drawThrough()).toBe(200);
    expect(s.answers.sort()).toEqual(['GET 200', 'POST 200', 'POST 429']);
  });
});

describe('onAnswered', () => {
  it('lets an observer that throws change nothing: the answer and the other observers go on', async () => {
    app = Fastify({ logger: false });
    const seen: number[] = [];
    onAnswered(app, () => {
      throw new Error('observer bug');
    });
    onAnswered(app, (_req, reply) => seen.push(reply.statusCode));
    app.get('/time', async () => ({ now: 1 }));
    const res = await app.inject('/time');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: 1 });
    expect(seen).toEqual([200]);
  });
});

async function waitFor<T>(get: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}
