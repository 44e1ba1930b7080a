import { randomUUID } from 'node:crypto';
import { buildOpenApi } from '@campaign/contract';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { activityHandlers } from './modules/activity/routes';
import { addressesHandlers } from './modules/addresses/routes';
import { approvalsHandlers } from './modules/approvals/routes';
import { auditHandlers } from './modules/audit/routes';
import { documentsHandlers } from './modules/auth/documents-routes';
import { authHandlers } from './modules/auth/routes';
import { consoleHandlers } from './modules/console/routes';
import { corpHandlers } from './modules/corp/routes';
import { couponsHandlers } from './modules/coupons/routes';
import { discountsHandlers } from './modules/discounts/routes';
import { drawHandlers } from './modules/draw/routes';
import { grayHandlers } from './modules/gray/routes';
import { growthHandlers } from './modules/growth/routes';
import { ordersHandlers } from './modules/orders/routes';
import { paymentsHandlers } from './modules/payments/routes';
import { prizesHandlers } from './modules/prizes/routes';
import { seasonHandlers } from './modules/season/routes';
import { settingsHandlers } from './modules/settings/routes';
import { staffHandlers } from './modules/staff/routes';
import { storesHandlers } from './modules/stores/routes';
import { systemHandlers } from './modules/system/routes';
import { trackingHandlers } from './modules/tracking/routes';
import { installBannerImages } from './platform/banner-images';
import { installConsoleWeb } from './platform/console-web';
import { installCsrfGuard } from './platform/csrf';
import { clientErrorHandler, frameworkErrors, installEnvelopeErrors, isApiPath } from './platform/envelope';
import { AppError } from './platform/errors';
import { installHealth } from './platform/health';
import { type Handlers, registerEndpoints } from './platform/http';
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
};

export const BODY_LIMIT = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = 'services' in deps ? deps.services : createServices(deps);
  const { config, database } = services.base;
  const app = Fastify({
    loggerInstance: services.base.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
    frameworkErrors,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  installEnvelopeErrors(app);
  await installLoadShedding(app, config);
  const health = installHealth(app, database);
  app.decorate('drain', health.drain);
  await app.register(fastifyCookie);
  installCsrfGuard(app, isApiPath);
  installMetrics(app, {
    defaultMetrics: config.env !== 'test',
    // Open where nobody outside can reach it (development, tests), behind a bearer token once one is set,
    // and absent in production without one.
    expose: config.metricsToken ? { token: config.metricsToken } : config.env === 'production' ? 'off' : 'open',
  });

  const { base } = services;
  // One line per domain; the type makes a missing handler a compile error.
  const handlers: Handlers = {
    ...systemHandlers(base),
    ...grayHandlers(),
    ...authHandlers(services.auth, config),
    ...corpHandlers(depsOf('platform', base)),
    ...documentsHandlers(services.documents),
    ...trackingHandlers(depsOf('tracking', base), {
      activityExists: (corp, actId) => activityExists(services.activity, corp, actId),
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
    ...staffHandlers(services.staff),
    ...approvalsHandlers(services.approvals),
    ...consoleHandlers(services.console),
    ...settingsHandlers(services.settings),
    ...auditHandlers(services.audit),
  };
  registerEndpoints(app, handlers, {
    database,
    config,
    clock: base.clock,
    corps: base.corps,
    limits: services.limits,
  });
  app.addHook('onClose', async () => services.limits.close());

  installBannerImages(app, { bannerDir: config.bannerDir, corps: base.corps, db: database.db, clock: base.clock });

  if (config.apiDocs) {
    const openapi = buildOpenApi({ version: '1' });
    app.get('/bmcs/api/openapi.json', async () => openapi);
    await app.register(fastifySwagger, { mode: 'static', specification: { document: openapi as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/bmcs/api/docs' });
  }

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
