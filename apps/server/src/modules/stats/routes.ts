import type { Dashboard, statsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { StatsService } from './service';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function statsHandlers(svc: StatsService): HandlersOf<typeof statsEndpoints> {
  return {
    consoleStatsDashboard: async ({ corp, query }) => svc.dashboard(corp.id, query.actId),
    consoleStatsStream: async ({ corp, query, req, reply }) => {
      // Refusals (an unknown campaign) still come as the envelope: the first answer is read before the stream.
      const first = await svc.dashboard(corp.id, query.actId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
        // The stream is the connection's last answer: ending it (the server closing) closes the socket.
        connection: 'close',
      });
      const send = (d: Dashboard) => res.write(`event: dashboard\ndata: ${JSON.stringify(d)}\n\n`);
      // A dropped stream is reopened by the browser after 1 s (EventSource's `retry`).
      res.write('retry: 1000\n\n');
      send(first);
      const stop = svc.watch(corp.id, query.actId, first, send, () => {
        res.end();
        res.socket?.destroy();
      });
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      req.raw.once('close', () => {
        clearInterval(beat);
        stop();
      });
      return null;
    },
  };
}
