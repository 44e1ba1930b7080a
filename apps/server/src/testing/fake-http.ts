import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request the fake received. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * What the fake does with a request: answer (a JSON value, or raw text), answer after a delay, never
 * answer ('hang': the caller's timeout must end it), or drop the connection ('reset').
 */
export type FakeReply =
  | { status?: number; json?: unknown; text?: string; delayMs?: number; headers?: Record<string, string> }
  | 'hang'
  | 'reset';

export interface FakeHttpServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  requests: FakeRequest[];
  /** Replaces how the fake answers from the next request on. */
  answer(handler: (req: FakeRequest) => FakeReply): void;
  close(): Promise<void>;
}

/** Replies in order, the last one repeated for every later request. */
export function inOrder(...replies: FakeReply[]): (req: FakeRequest) => FakeReply {
  let i = 0;
  return () => replies[Math.min(i++, replies.length - 1)] ?? 'reset';
}

/** A stand-in for an outside HTTP service (SMS gateway, chat platform) on 127.0.0.1, on a free port. */
export async function startFakeHttp(handler: (req: FakeRequest) => FakeReply = () => ({ json: {} })) {
  let current = handler;
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      const received: FakeRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body,
      };
      requests.push(received);
      const reply = current(received);
      if (reply === 'hang') return;
      if (reply === 'reset') {
        req.socket.destroy();
        return;
      }
      const write = () => {
        const text = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(write, reply.delayMs);
      else write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake did not get a TCP port');
  const fake: FakeHttpServer = {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    answer(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** A logger that keeps every line as text, to assert on what was (and was not) logged. */
export function captureLog() {
  const lines: string[] = [];
  const put = (level: string) => (fields: object, msg: string) => {
    lines.push(`${level} ${msg} ${JSON.stringify(fields)}`);
  };
  return { lines, log: { info: put('info'), warn: put('warn'), error: put('error') } };
}

/** What `promise` rejected with, which must be a `type`: for asserting on a failure's fields. */
export async function rejectionOf<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  if (!outcome.rejected) throw new Error(`expected a rejection with ${type.name}, but it resolved`);
  if (!(outcome.error instanceof type)) throw new Error(`expected ${type.name}, got ${String(outcome.error)}`);
  return outcome.error;
}
