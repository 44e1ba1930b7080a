import { type Endpoint, endpoints } from '@campaign/contract';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
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
  const isDraw = (name: string | undefined) =>
    name !== undefined && (endpoints as Record<string, Endpoint>)[name]?.rateLimit === 'draw';
  const release = (req: object) => {
    const kind = kindOf.get(req);
    if (!kind) return;
    kindOf.delete(req);
    inFlight.all--;
    if (kind === 'draw') inFlight.draw--;
  };
  app.addHook('onRequest', async (req, reply) => {
    if (isHealth(req)) return;
    const draw = isDraw(req.routeOptions.config.endpointName);
    if (inFlight.all >= config.maxInFlight || (draw && inFlight.draw >= config.maxDrawsInFlight)) {
      throw refusal('RATE_LIMITED');
    }
    inFlight.all++;
    if (draw) inFlight.draw++;
    kindOf.set(req, draw ? 'draw' : 'all');
    // A stream the handler took over (reply.hijack()) never reaches onSend: it ends when its response closes.
    reply.raw.once('close', () => {
      if (reply.sent) release(req);
    });
  });
  // The slot is held until the server answers, delivered or not: the work it stands for goes on when the
  // client hangs up. onSend runs for every answer, a refusal or a body cut short included; onResponse and
  // onRequestAbort do not fit: a customer who closes the page mid-draw gets neither (the answer never
  // finishes, and Fastify calls onRequestAbort only while a request's body is unread, so never for a POST
  // being handled).
  app.addHook('onSend', async (req, _reply, payload) => {
    release(req);
    return payload;
  });
}
