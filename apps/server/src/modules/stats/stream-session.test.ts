import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, secondNode, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

/** An open dashboard stream: when its answer ended (ms since the epoch), or null while it is open. */
interface Stream {
  status: number;
  endedAt: () => number | null;
  ended: Promise<number>;
  close: () => void;
}

/** The corp's dashboard stream on `app` as `cookie`, on a connection of its own (as a browser tab's EventSource). */
const openStream = (app: FastifyInstance, cookie: string) =>
  new Promise<Stream>((resolve, reject) => {
    const port = (app.server.address() as AddressInfo).port;
    const req = get(
      {
        port,
        host: '127.0.0.1',
        agent: false,
        path: '/bmcs/api/console/stats/stream?corpId=demo',
        headers: { cookie },
      },
      (res) => {
        let endedAt: number | null = null;
        const ended = new Promise<number>((r) => {
          const done = () => {
            endedAt ??= Date.now();
            r(endedAt);
          };
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        });
        res.resume();
        resolve({ status: res.statusCode ?? 0, endedAt: () => endedAt, ended, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('a dashboard stream ends with its session on %s', (kind) => {
  let t: TestApp;
  /** The node the streams are open on; sessions end through the other one (`t.app`), as behind a balancer. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    other = await secondNode(t);
    await other.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const { admin, operator, auditor } = DEMO_CONSOLE;

  /** Opens the operator's stream on the other node, does `endIt` on this one, and expects the end within 2 s. */
  async function endsWithin2s(endIt: (op: ConsoleClient, watcher: ConsoleClient) => Promise<void>) {
    const op = await consoleSignIn(t, operator);
    const watcher = await consoleSignIn(t, auditor);
    const stream = await openStream(other, op.cookie);
    const bystander = await openStream(other, watcher.cookie);
    expect([stream.status, bystander.status]).toEqual([200, 200]);
    await endIt(op, watcher);
    const ended = Date.now();
    const at = await Promise.race([stream.ended, sleep(5_000).then(() => null)]);
    expect(at, 'the stream is still open 5 s later').not.toBeNull();
    expect((at ?? Infinity) - ended).toBeLessThan(2_000);
    // A stream whose session holds stays open.
    expect(bystander.endedAt()).toBeNull();
    bystander.close();
  }

  it('after sign-out (on another node)', async () => {
    await endsWithin2s(async (op) => {
      expect(body(await op.post('/console/auth/sign-out'))).toMatchObject({ code: 0 });
    });
  });

  it('after an admin disabled the user', async () => {
    const a = await consoleSignIn(t, admin);
    await endsWithin2s(async () => {
      expect(body(await a.post('/console/staff/active', { staffId: operator.staffId, active: false }))).toMatchObject({
        code: 0,
      });
    });
    await a.post('/console/staff/active', { staffId: operator.staffId, active: true });
  });

  it('after the stats role was taken away', async () => {
    const a = await consoleSignIn(t, admin);
    await endsWithin2s(async () => {
      expect(body(await a.post('/console/staff/roles', { staffId: operator.staffId, roles: ['clerk'] }))).toMatchObject(
        {
          code: 0,
        },
      );
    });
    await a.post('/console/staff/roles', { staffId: operator.staffId, roles: ['operator'] });
  });

  it('after the session went idle past its timeout', async () => {
    await endsWithin2s(async (_op, watcher) => {
      // Nothing from the operator for 15 minutes; the auditor's tab keeps its session in use.
      t.clock.advance(14 * 60_000);
      expect((await watcher.get('/console/me')).statusCode).toBe(200);
      t.clock.advance(60_000 + 1);
    });
  });
});
