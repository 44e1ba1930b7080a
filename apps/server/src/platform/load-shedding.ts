import { type Endpoint, endpoints } from '@campaign/contract';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { onAnswered } from './answered';
import { refusal } from './errors';
import { HEALTH_PATHS } from './health';

/** How often the event loop's delay is sampled: a burst is seen within this long. */
const SAMPLE_MS = 100;

const isHealth = (req: FastifyRequest) => HEALTH_PATHS.has(req.routeOptions.url ?? '');

/**
 * Past capacity the server answers 429 "try again" at once instead of queueing work until latency runs
 * away (ADR 0053):
 * - by event-loop delay (`@fastify/under-pressure`, sampled every 100 ms): when the process is behind on
 *   its own work, whatever the cause (a launch burst saturating the CPU, a slow host), every new request but
 *   the health checks is refused until it has caught up, so what it does take is answered in time;
 * - by requests in progress (`MAX_IN_FLIGHT`) and draws in progress (`MAX_DRAWS_IN_FLIGHT`), which all wait
 *   for the same database writer: these the event loop does not see, since waiting costs it nothing.
 */
export async function installLoadShedding(app: FastifyInstance, config: Config) {
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_MS,
      // The health checks always answer: a balancer must tell a busy node from a dead one.
      pressureHandler: async (req) => {
        if (isHealth(req)) return;
        throw refusal('RATE_LIMITED');
      },
    });
  }
  const inFlight = { all: 0, draw: 0 };
  const kindOf = new WeakMap<object, 'all' | 'draw'>();
  const endpointOf = (req: FastifyRequest) => {
    const name = req.routeOptions.config.endpointName;
    return name === undefined ? undefined : (endpoints as Record<string, Endpoint>)[name];
  };
  const release = (req: object) => {
    const kind = kindOf.get(req);
    if (!kind) return;
    kindOf.delete(req);
    inFlight.all--;
    if (kind === 'draw') inFlight.draw--;
  };
  app.addHook('onRequest', async (req) => {
    // A stream waits for nothing and lasts for minutes: it is no work in progress, and were it to hold a
    // slot, enough open dashboards would refuse customers. Streams have their own caps (modules/stats/live.ts).
    const ep = endpointOf(req);
    if (isHealth(req) || ep?.produces?.type === 'text/event-stream') return;
    const draw = ep?.rateLimit === 'draw';
    if (inFlight.all >= config.maxInFlight || (draw && inFlight.draw >= config.maxDrawsInFlight)) {
      throw refusal('RATE_LIMITED');
    }
    inFlight.all++;
    if (draw) inFlight.draw++;
    kindOf.set(req, draw ? 'draw' : 'all');
  });
  // Held until the server answers, delivered or not: the work it stands for goes on when the client hangs
  // up. (Released on onResponse/onRequestAbort, a slot leaked for every customer who closed the page
  // mid-draw, until a node refused every draw.)
  onAnswered(app, release);
}
