import type { FastifyInstance } from 'fastify';
import type { Database_ } from '../db';
import { isApiPath } from './envelope';
import { AppError } from './errors';

/** Paths a balancer or supervisor asks; never shed, never rate-limited, never logged as customer traffic. */
export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Liveness and readiness, apart (ADR 0053):
 * - `/healthz`: the process is alive and its event loop turns. It never asks the database, so a database
 *   blip never makes a supervisor restart a healthy process.
 * - `/readyz`: this node can serve now: it is not draining (SIGTERM) and its database answered a
 *   `select 1` within a second. A balancer sends traffic only to ready nodes, and back when the database
 *   returns, without a restart.
 *
 * Returns `drain()`: from then on `/readyz` answers 503 and every answer carries `Connection: close`, so the
 * balancer takes the node out and its kept-alive connections end after their current request.
 *
 * Once the app closes (the end of a graceful stop), an API call still arriving on a connection opened before
 * gets 503 UNAVAILABLE in the envelope with Retry-After (Fastify's own `return503OnClosing` answer, which
 * app.ts turns off, had neither), and its connection closes; pages and files are still served meanwhile.
 */
export function installHealth(app: FastifyInstance, database: Database_): { drain(): void } {
  let draining = false;
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));
  app.get('/readyz', async (_req, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining', database: database.kind });
    if (!(await database.ping(1000))) {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
    return { status: 'ready', database: database.kind };
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req) => {
    if (closing && isApiPath(req.url)) throw new AppError('UNAVAILABLE');
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining || closing) reply.header('connection', 'close');
  });
  return {
    drain() {
      draining = true;
    },
  };
}
