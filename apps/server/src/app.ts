import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { buildOpenApi, type Endpoint, endpoints } from '@campaign/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Database_ } from './db';
import { logOtpSender, type OpenIdProvider, type OtpSender, simulatedOpenIdProvider } from './modules/auth/providers';
import { authHandlers } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { corpHandlers } from './modules/corp/routes';
import { type RiskHook, velocityRiskHook } from './modules/draw/risk';
import { drawHandlers } from './modules/draw/routes';
import { createDrawService, type DrawService } from './modules/draw/service';
import { grayHandlers } from './modules/gray/routes';
import { systemHandlers } from './modules/system/routes';
import { trackingHandlers } from './modules/tracking/routes';
import { createSealer, secureRandomBytes } from './platform/crypto';
import { installCsrfGuard } from './platform/csrf';
import { clientErrorHandler, installEnvelopeErrors, isApiPath } from './platform/envelope';
import { AppError } from './platform/errors';
import { type Handlers, registerEndpoints } from './platform/http';
import { installMetrics } from './platform/metrics';
import type { ServiceDeps } from './platform/services';
import { type Corp, createCorpCache } from './platform/tenancy';
import { installWeb } from './platform/web';

export interface AppDeps {
  database: Database_;
  config: Config;
  clock?: () => number;
  randomInt?: (max: number) => number;
  randomBytes?: (n: number) => Buffer;
  otpSender?: OtpSender;
  openIdProvider?: OpenIdProvider;
  riskHook?: RiskHook;
  /** Serve the built H5 (off in API-only tests). */
  serveWeb?: boolean;
}

export const BODY_LIMIT = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const services: ServiceDeps = {
    database,
    config,
    clock: deps.clock ?? Date.now,
    randomInt: deps.randomInt ?? ((max) => randomInt(max)),
    randomBytes: deps.randomBytes ?? secureRandomBytes,
    sealer: createSealer(config.encryptionKey ?? randomBytes(32)),
    corps: createCorpCache(config.env === 'test' ? 0 : 30_000),
    log: app.log,
  };

  installEnvelopeErrors(app);
  installLoadShedding(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  installCsrfGuard(app, isApiPath);
  installMetrics(app, {
    defaultMetrics: config.env !== 'test',
    // Open where nobody outside can reach it (development, tests), behind a bearer token once one is set,
    // and absent in production without one.
    expose: config.metricsToken ? { token: config.metricsToken } : config.env === 'production' ? 'off' : 'open',
  });

  const auth = createAuthService({
    ...services,
    otpSender: deps.otpSender ?? logOtpSender((m) => app.log.info(m)),
    openIdProvider: deps.openIdProvider ?? simulatedOpenIdProvider,
  });
  const draws = createDrawService({ ...services, riskHook: deps.riskHook ?? velocityRiskHook() });
  app.decorate('draws', draws);
  const handlers: Handlers = {
    ...systemHandlers(services),
    ...grayHandlers(),
    ...authHandlers(auth, config),
    ...corpHandlers(services),
    ...trackingHandlers(services, { activityExists: (corp, actId) => activityExists(draws, corp, actId) }),
    ...drawHandlers(draws, services.sealer),
  };
  registerEndpoints(app, handlers, {
    database,
    config,
    clock: services.clock,
    corps: services.corps,
  });

  if (config.apiDocs) {
    const openapi = buildOpenApi({ version: '1' });
    app.get('/bmcs/api/openapi.json', async () => openapi);
    await app.register(fastifySwagger, { mode: 'static', specification: { document: openapi as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/bmcs/api/docs' });
  }

  app.get('/healthz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  app.setNotFoundHandler(async () => {
    throw new AppError('NOT_FOUND');
  });
  if (deps.serveWeb)
    await installWeb(app, { webDist: config.webDist, grayWebDist: config.grayWebDist, demo: config.demoMode });
  return app;
}

/** The activity module's answer to "does this corp have this activity", as the tracking module's port. */
async function activityExists(draws: DrawService, corp: Corp, actId: string): Promise<boolean> {
  try {
    await draws.page(corp, actId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.errorName === 'ACTIVITY_NOT_FOUND') return false;
    throw err;
  }
}

/**
 * Past capacity the server answers 429 at once instead of queueing work until latency runs away: a cap on
 * all requests in progress, and a tighter one on draws, which all wait for the same database writer.
 */
function installLoadShedding(app: FastifyInstance, config: Config) {
  const inFlight = { all: 0, draw: 0 };
  const kindOf = new WeakMap<object, 'all' | 'draw'>();
  const isDraw = (name: string | undefined) =>
    name !== undefined && (endpoints as Record<string, Endpoint>)[name]?.rateLimit === 'draw';
  const release = async (req: object) => {
    const kind = kindOf.get(req);
    if (!kind) return;
    kindOf.delete(req);
    inFlight.all--;
    if (kind === 'draw') inFlight.draw--;
  };
  app.addHook('onRequest', async (req) => {
    const draw = isDraw(req.routeOptions.config.endpointName);
    if (inFlight.all >= config.maxInFlight || (draw && inFlight.draw >= config.maxDrawsInFlight)) {
      throw new AppError('RATE_LIMITED');
    }
    inFlight.all++;
    if (draw) inFlight.draw++;
    kindOf.set(req, draw ? 'draw' : 'all');
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The draw service, for the CLI and tests that publish or end activities. */
    draws: DrawService;
  }
}
