import { randomUUID } from 'node:crypto';
import { BASE_PATH, buildOpenApi } from '@campaign/contract';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { startBackground } from './background';
import { activityHandlers } from './modules/activity/routes';
import { addressesHandlers } from './modules/addresses/routes';
import { alertsHandlers } from './modules/alerts/routes';
import { approvalsHandlers } from './modules/approvals/routes';
import { auditHandlers } from './modules/audit/routes';
import { documentsHandlers } from './modules/auth/documents-routes';
import { authHandlers } from './modules/auth/routes';
import { campaignLabHandlers } from './modules/campaign-lab/routes';
import { campaignsHandlers } from './modules/campaigns/routes';
import { consoleHandlers } from './modules/console/routes';
import { corpHandlers } from './modules/corp/routes';
import { couponsHandlers } from './modules/coupons/routes';
import { discountsHandlers } from './modules/discounts/routes';
import { drawHandlers } from './modules/draw/routes';
import { grayHandlers } from './modules/gray/routes';
import { growthHandlers } from './modules/growth/routes';
import { notificationsHandlers } from './modules/notifications/routes';
import { ordersHandlers } from './modules/orders/routes';
import { paymentsHandlers } from './modules/payments/routes';
import { prizesHandlers } from './modules/prizes/routes';
import { reconcileHandlers } from './modules/reconcile/routes';
import { reportsHandlers } from './modules/reports/routes';
import { riskConsoleHandlers, riskHandlers, riskReviewHandlers } from './modules/risk/routes';
import { seasonHandlers } from './modules/season/routes';
import { settingsHandlers } from './modules/settings/routes';
import { staffHandlers } from './modules/staff/routes';
import { installBusinessGauges } from './modules/stats/gauges';
import { installRequestCounting } from './modules/stats/requests';
import { statsHandlers } from './modules/stats/routes';
import { consoleStoresHandlers, storesHandlers } from './modules/stores/routes';
import { systemHandlers } from './modules/system/routes';
import { trackingHandlers } from './modules/tracking/routes';
import { onAnswered } from './platform/answered';
import { installBannerImages } from './platform/banner-images';
import { installConsoleWeb } from './platform/console-web';
import { installCsrfGuard } from './platform/csrf';
import { clientErrorHandler, frameworkErrors, installEnvelopeErrors, isApiPath } from './platform/envelope';
import { AppError } from './platform/errors';
import { installHealth } from './platform/health';
import { type Handlers, installUploadBodies, registerEndpoints, requestCorpId } from './platform/http';
import { installLoadShedding } from './platform/load-shedding';
import { installMetrics } from './platform/metrics';
import { depsOf } from './platform/services';
import type { Corp } from './platform/tenancy';
import { installWeb } from './platform/web';
import { createServices, type Services, type ServicesInput } from './services';

/**
 * What the app runs on: services the caller made with createServices (so it can use the same instances,
 * as the harness and main.ts do), or the inputs to make them here.
 */
export type AppDeps = (ServicesInput | { services: Services }) & {
  /** Serve the built H5 (off in API-only tests). */
  serveWeb?: boolean;
  /** Run the campaigns' clock every 5 s (default: outside tests; tests tick it themselves). */
  campaignClock?: boolean;
  /** Run the schedulers (alert delivery, rules, daily reconciliation, export sweeper) under NODE_ENV=test too. */
  background?: boolean;
};

export const BODY_LIMIT = 64 * 1024;

/** The Fastify instance: the services' logger, the body limit, request ids and the framework's errors. */
function createFastify(services: Services): FastifyInstance {
  const app = Fastify({
    loggerInstance: services.base.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: services.base.config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
    frameworkErrors,
    // Closing, a call still arriving gets our envelope and Retry-After instead (platform/health.ts).
    return503OnClosing: false,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  return app;
}

/** One line per domain; the type makes a missing handler a compile error. */
function handlersOf(services: Services): Handlers {
  const { base } = services;
  return {
    ...systemHandlers(base),
    ...grayHandlers(),
    ...authHandlers(services.auth, base.config),
    ...corpHandlers(depsOf('platform', base)),
    ...documentsHandlers(services.documents),
    ...trackingHandlers(depsOf('tracking', base), {
      activityExists: (corp, actId) => activityExists(services.activity, corp, actId),
      stats: services.stats.sink,
    }),
    ...activityHandlers(services.activity),
    ...drawHandlers(services.draw, base.sealer),
    ...prizesHandlers(services.prizes),
    ...ordersHandlers(services.orders),
    ...couponsHandlers(services.coupons),
    ...paymentsHandlers(services.payments, base.clock),
    ...addressesHandlers(services.addresses),
    ...discountsHandlers(services.discounts, base.clock),
    ...growthHandlers(services.growth),
    ...seasonHandlers(services.season),
    ...storesHandlers(services.stores),
    ...consoleStoresHandlers(services.storeAdmin),
    ...staffHandlers(services.staff),
    ...approvalsHandlers(services.approvals),
    ...consoleHandlers(services.console),
    ...settingsHandlers(services.settings),
    ...auditHandlers(services.audit),
    ...campaignLabHandlers(services.campaignLab),
    ...campaignsHandlers(services.campaigns),
    ...statsHandlers(services.stats),
    ...reportsHandlers(services.reports),
    ...reconcileHandlers(services.reconcile),
    ...alertsHandlers(services.alerts),
    ...notificationsHandlers(services.notifications),
    ...riskHandlers(services.risk),
    ...riskConsoleHandlers(services.risk),
    ...riskReviewHandlers(services.risk),
  };
}

/** What runs beside the requests, and how it stops when the app closes. */
function installLifecycle(app: FastifyInstance, services: Services, deps: AppDeps) {
  const { config } = services.base;
  app.addHook('onClose', async () => services.limits.close());
  app.addHook('onClose', async () => services.risk.close());
  // The campaigns' clock (→ live at startsAt, → ended at endsAt with the seed revealed), on every node: each
  // change is conditional, so two nodes never make one twice. Tests move their clock and tick themselves.
  if (deps.campaignClock ?? config.env !== 'test') {
    const clockTimer = setInterval(() => {
      services.campaigns.running.tick().catch((err) => app.log.warn({ err }, 'campaign clock failed'));
    }, 5_000);
    clockTimer.unref();
    app.addHook('onClose', async () => clearInterval(clockTimer));
  }
  // Open streams end first: the server waits for its connections to close.
  app.addHook('preClose', async () => services.stats.close());
  // The error and 429 rate alerts count answers per corp in memory; the schedulers of issue 24 run outside
  // tests (tests call them directly, on their own clock).
  onAnswered(app, (req, reply) => services.alerts.observe(requestCorpId(req), reply.statusCode));
  if (config.env !== 'test' || deps.background) {
    const background = startBackground(services);
    app.addHook('onClose', async () => background.stop());
  }
}

/** The contract as OpenAPI, and a page to read it (API_DOCS). */
async function installApiDocs(app: FastifyInstance) {
  const openapi = buildOpenApi({ version: '1' });
  app.get('/bmcs/api/openapi.json', async () => openapi);
  await app.register(fastifySwagger, { mode: 'static', specification: { document: openapi as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/bmcs/api/docs' });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = 'services' in deps ? deps.services : createServices(deps);
  const { config, database } = services.base;
  const app = createFastify(services);

  installEnvelopeErrors(app);
  await installLoadShedding(app, config);
  const health = installHealth(app, database);
  app.decorate('drain', health.drain);
  await app.register(fastifyCookie);
  installCsrfGuard(app, isApiPath);
  const registry = installMetrics(app, {
    defaultMetrics: config.env !== 'test',
    // Open where nobody outside can reach it (development, tests), behind a bearer token once one is set,
    // and absent in production without one.
    expose: config.metricsToken ? { token: config.metricsToken } : config.env === 'production' ? 'off' : 'open',
  });

  installBusinessGauges(registry, services.stats);
  installRequestCounting(app, services.stats.sink, {
    clock: services.base.clock,
    isCustomerPath: (url) => isApiPath(url) && !url.startsWith(`${BASE_PATH}/console/`),
  });

  const { base } = services;
  const handlers = handlersOf(services);
  installUploadBodies(app);
  registerEndpoints(app, handlers, {
    database,
    config,
    clock: base.clock,
    corps: base.corps,
    limits: services.limits,
  });
  installLifecycle(app, services, deps);

  installBannerImages(app, { bannerDir: config.bannerDir, corps: base.corps, db: database.db, clock: base.clock });

  if (config.apiDocs) await installApiDocs(app);

  app.setNotFoundHandler(async () => {
    throw new AppError('NOT_FOUND');
  });
  if (deps.serveWeb) {
    await installWeb(app, { webDist: config.webDist, grayWebDist: config.grayWebDist, demo: config.demoMode });
    installConsoleWeb(app, { consoleDist: config.consoleDist });
  }
  return app;
}

/** The activity module's answer to "does this corp have this activity", as the tracking module's port. */
async function activityExists(activities: Services['activity'], corp: Corp, actId: string): Promise<boolean> {
  try {
    await activities.page(corp, actId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.errorName === 'ACTIVITY_NOT_FOUND') return false;
    throw err;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: readiness fails and answers close their connections (platform/health.ts). */
    drain(): void;
  }
}
