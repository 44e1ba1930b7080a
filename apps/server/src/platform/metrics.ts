import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { onAnswered } from './answered';
import { safeEqualHex, sha256Hex } from './crypto';
import { AppError } from './errors';

/** Prometheus metrics on an app-owned registry, so several apps in one test process do not collide. */
export function installMetrics(
  app: FastifyInstance,
  opts: { defaultMetrics: boolean; expose: 'open' | 'off' | { token: string } },
) {
  const registry = new Registry();
  // Under WORKERS > 1 each process counts its own requests; the label keeps their series apart.
  registry.setDefaultLabels({ worker: String(cluster.worker?.id ?? 0) });
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and method',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Every answer, also those the client hung up on (a balancer giving up on a slow node included).
  onAnswered(app, (req, reply) => {
    // The route pattern, never the raw URL: label cardinality stays bounded.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  if (opts.expose === 'off') return registry;
  const expected = opts.expose === 'open' ? null : sha256Hex(`Bearer ${opts.expose.token}`);
  app.get('/metrics', async (req, reply) => {
    // Compared as hashes: equal length, constant time, whatever the caller sent.
    if (expected && !safeEqualHex(sha256Hex(req.headers.authorization ?? ''), expected)) {
      throw new AppError('UNAUTHENTICATED');
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
