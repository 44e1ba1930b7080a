import { type Endpoint, endpoints } from '@campaign/contract';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { onAnswered } from './answered';
import { isApiPath } from './envelope';
import { refusal } from './errors';

/** How often the event loop's delay is sampled: a burst is seen within this long. */
const SAMPLE_MS = 100;

/**
 * The cookie that has every API call of its browser shed, on a server started with SHED_TEST_COOKIE (browser
 * journeys; refused in production by config.ts): the pages must still render, in Chinese.
 */
export const SHED_TEST_COOKIE = 'campaign-test-shed';
const shedCookie = new RegExp(`(?:^|;\\s*)${SHED_TEST_COOKIE}=1(?:;|$)`);

/**
 * Only API calls are shed. Pages, scripts, styles, images and the health checks are cheap and always served:
 * a page that cannot load is worse than a slow one (React Router's crash page, raw JSON as a page, a splash
 * that never goes). The health checks must answer, so a balancer tells a busy node from a dead one.
 */
const sheddable = (req: FastifyRequest) => isApiPath(req.url);

/**
 * Past capacity the server answers API calls 429 BUSY (活动太火爆，请稍后再试) at once instead of queueing work
 * until latency runs away (ADR 0053, 0054); a caller's own rate limit stays RATE_LIMITED (操作过于频繁):
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
      pressureHandler: async (req) => {
        if (sheddable(req)) throw refusal('BUSY');
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
    if (!sheddable(req)) return;
    if (config.shedTestCookie && shedCookie.test(req.headers.cookie ?? '')) throw refusal('BUSY');
    const ep = endpointOf(req);
    if (ep?.produces?.type === 'text/event-stream') return;
    const draw = ep?.rateLimit === 'draw';
    if (inFlight.all >= config.maxInFlight || (draw && inFlight.draw >= config.maxDrawsInFlight)) {
      throw refusal('BUSY');
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
