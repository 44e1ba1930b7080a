import type { Dashboard, statsEndpoints } from '@campaign/contract';
import { refusal } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { StatsService } from './service';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function statsHandlers(svc: StatsService): HandlersOf<typeof statsEndpoints> {
  return {
    consoleStatsDashboard: async ({ corp, query }) =>
      svc.dashboard(corp.id, query.actId, { from: query.from, to: query.to }),
    consoleStatsStream: async ({ corp, console: viewer, query, req, reply }) => {
      // Refusals (an unknown campaign, too many streams open) still come as the envelope: both are decided
      // before the stream starts, with no wait between the check and the subscription.
      const first = await svc.dashboard(corp.id, query.actId);
      const who = `${corp.id}|${viewer.id}`;
      if (!svc.mayWatch(who)) throw refusal('RATE_LIMITED');
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
      const stop = svc.watch(who, corp.id, query.actId, first, send, () => {
        res.end();
        res.socket?.destroy();
      });
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(beat);
        stop();
      };
      // A viewer gone while the first answer was read closed before anyone listened.
      if (req.raw.socket?.destroyed) close();
      else req.raw.once('close', close);
      return null;
    },
  };
}
