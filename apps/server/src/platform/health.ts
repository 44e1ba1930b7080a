import type { FastifyInstance } from 'fastify';
import type { Database_ } from '../db';

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
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return {
    drain() {
      draining = true;
    },
  };
}
