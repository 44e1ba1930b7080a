import { randomBytes, randomInt } from 'node:crypto';
import { campaignDraftsPort } from './campaign-drafts-port';
import { campaignFilePort } from './campaign-file/port';
import type { Config } from './config';
import type { Database_ } from './db';
import { createActivityService } from './modules/activity/service';
import { createAddressesService } from './modules/addresses/service';
import { createAlertsService } from './modules/alerts/service';
import type { ApprovalEffects } from './modules/approvals/ports';
import { createApprovalsService } from './modules/approvals/service';
import { createAuditService } from './modules/audit/service';
import { createDocumentsService } from './modules/auth/documents';
import { authProviders } from './modules/auth/provider-config';
import type { OpenIdProvider, OtpSender } from './modules/auth/providers';
import { createAuthService } from './modules/auth/service';
import { createCampaignLabService } from './modules/campaign-lab/service';
import { createWhiteLists } from './modules/campaign-lab/white-lists';
import { createCampaignsService } from './modules/campaigns/service';
import { createRelyingParty, type RelyingParty } from './modules/console/oidc';
import { createConsoleService } from './modules/console/service';
import { createCouponsService } from './modules/coupons/service';
import { createDiscountsService } from './modules/discounts/service';
import { DEFAULT_VELOCITY, type RiskHook, velocityRiskHook } from './modules/draw/risk';
import { drawEngine, drawRules } from './modules/draw/rules';
import { createDrawService } from './modules/draw/service';
import { createGrowthService } from './modules/growth/service';
import { createNotificationsService } from './modules/notifications/service';
import { createOrdersService } from './modules/orders/service';
import { createPaymentsService } from './modules/payments/service';
import { createAwardMarks, createPrizesService } from './modules/prizes/service';
import { createReconcileService } from './modules/reconcile/service';
import { createReportsService } from './modules/reports/service';
import { createSeasonOperations } from './modules/season/operations';
import { createSeasonService } from './modules/season/service';
import { createSettingsService } from './modules/settings/service';
import { createStaffService } from './modules/staff/service';
import type { createStatsService } from './modules/stats/service';
import { createStoreAdminService } from './modules/stores/admin-service';
import { createStoresService } from './modules/stores/service';
import type { AlertsPort } from './platform/alerts-port';
import { createSealer, secureRandomBytes } from './platform/crypto';
import { createLimits, type Limits } from './platform/limits';
import { createLogger } from './platform/log';
import { corpNames, mergedNames } from './platform/merged-names';
import type { BankRiskEngine } from './platform/risk-port';
import { type BaseDeps, depsOf, type ServiceDeps } from './platform/services';
import { createCampaignHalts, createCorpCache } from './platform/tenancy';
import { lateEngine, riskServiceOf } from './services-risk';
import { statsService } from './services-stats';

export interface ServicesInput {
  database: Database_;
  config: Config;
  clock?: () => number;
  /** Uniform integer in [0, max). */
  randomInt?: (max: number) => number;
  randomBytes?: (n: number) => Buffer;
  otpSender?: OtpSender;
  openIdProvider?: OpenIdProvider;
  riskHook?: RiskHook;
  /** A bank's own risk engine, asked with the rules' features (platform/risk-port.ts). */
  bankRisk?: BankRiskEngine;
  limits?: Limits;
  log?: ServiceDeps<never>['log'];
  /** The console's OpenID Connect relying party (tests pass one with their own environment). */
  relyingParty?: RelyingParty;
}

/** What every module's deps share: time, randomness, the sealer and the corp cache come in from here. */
function baseDepsOf(deps: ServicesInput, log: BaseDeps['log']): BaseDeps {
  const { config } = deps;
  return {
    database: deps.database,
    config,
    clock: deps.clock ?? Date.now,
    randomInt: deps.randomInt ?? ((max) => randomInt(max)),
    randomBytes: deps.randomBytes ?? secureRandomBytes,
    sealer: createSealer(config.encryptionKey ?? randomBytes(32)),
    corps: createCorpCache(config.env === 'test' ? 0 : 30_000),
    log,
  };
}

/** The services most others take as ports: audit, sign-in, the catalogue and its stock, staff and settings. */
function foundationServices(deps: ServicesInput, base: BaseDeps) {
  const { config, log } = base;
  // The kill switch, read by every draw at most once a second per corp (docs/decisions/0332-kill-switch.md).
  const halts = createCampaignHalts(deps.database.db, base.clock);
  // Every console action is appended to the corp's audit chain in its own transaction, through this port.
  const audit = createAuditService(depsOf('audit', base));
  const auth = createAuthService({ ...depsOf('auth', base), ...authProviders(config, log, deps) });
  const whiteLists = createWhiteLists(depsOf('campaign-lab', base));
  const {
    catalogue: activity,
    publishing,
    stock,
  } = createActivityService({
    ...depsOf('activity', base),
    drawRules,
    halts,
    // A campaign's uploaded white list, asked of the lab that owns the lists.
    whiteLists,
  });
  // The draw, seasons and offers read the catalogue and take stock.
  const activityWithStock = { ...activity, ...stock };
  const addresses = createAddressesService(depsOf('addresses', base));
  const staff = createStaffService({ ...depsOf('staff', base), nonces: auth });
  const notifications = createNotificationsService({ ...depsOf('notifications', base), staff });
  const consoleIdentity = createConsoleService({
    ...depsOf('console', base),
    staff: staff.admin,
    audit: audit.port,
    history: audit.trail,
    relyingParty:
      deps.relyingParty ?? createRelyingParty({ production: config.env === 'production', env: process.env, log }),
  });
  const settings = createSettingsService({
    ...depsOf('settings', base),
    audit: audit.port,
    sso: consoleIdentity.staffAdmin,
    halts,
    staff,
  });
  return {
    halts,
    audit,
    auth,
    whiteLists,
    activity,
    publishing,
    stock,
    activityWithStock,
    addresses,
    staff,
    notifications,
    consoleIdentity,
    settings,
  };
}
type Foundation = ReturnType<typeof foundationServices>;

/**
 * What a prize becomes: the award's own changes come first (orders and coupons change an award through
 * them), and the prizes service then takes orders and coupons as its ports; approvals hold awards.
 */
function prizeServices(
  base: BaseDeps,
  f: Foundation,
  approvals: ReturnType<typeof createApprovalsService>,
  risk: ReturnType<typeof lateEngine>,
) {
  const awardMarks = createAwardMarks(depsOf('prizes', base));
  // An exchange of a risk-checked campaign's prize is judged (issue 35): the order asks the catalogue and the engine.
  const orderPorts = { addressBook: f.addresses, awards: awardMarks, campaigns: f.activity, risk };
  const orders = createOrdersService({ ...depsOf('orders', base), ...orderPorts });
  const coupons = createCouponsService({ ...depsOf('coupons', base), awards: awardMarks });
  const payments = createPaymentsService({ ...depsOf('payments', base), orders: orders.payments });
  const prizes = createPrizesService({
    ...depsOf('prizes', base),
    activities: f.activity,
    orders,
    coupons,
    holds: approvals,
    codePools: f.whiteLists,
    stock: f.stock,
  });
  return { orders, coupons, payments, prizes };
}

/** The draw: it awards through prizes and counts itself in stats and in the season's draw tasks. */
function drawService(
  deps: ServicesInput,
  base: BaseDeps,
  f: Foundation,
  stats: ReturnType<typeof createStatsService>,
  prizes: ReturnType<typeof createPrizesService>,
  season: ReturnType<typeof createSeasonService>,
  limits: Limits,
  risk: ReturnType<typeof riskServiceOf>,
) {
  return createDrawService({
    ...depsOf('draw', base),
    riskHook: deps.riskHook ?? velocityRiskHook(DEFAULT_VELOCITY, limits),
    risk: risk.engine,
    activities: f.activityWithStock,
    ...(base.config.statsDrawCounters ? { counter: stats.drawCounter } : {}),
    // Every draw also feeds the season draw tasks that name its activity, in the draw's own transaction.
    prizes: {
      awardOfDraw: prizes.awardOfDraw,
      *award(x, a) {
        const awarded = yield* prizes.award(x, a);
        yield* season.drawCounted(x, a);
        return awarded;
      },
    },
  });
}

/** Redemption at the counter: tickets from prizes; an expired ticket's exception is approved (stores' effect). */
function storesService(
  base: BaseDeps,
  coupons: ReturnType<typeof createCouponsService>,
  approvals: ReturnType<typeof createApprovalsService>,
) {
  return createStoresService({
    ...depsOf('stores', base),
    tickets: coupons.counter,
    approvals: {
      request: async (corpId, kind, subject, requestedBy, context) => ({
        requestId: await approvals.request({
          corpId,
          kind,
          subject,
          title: context.title ?? subject,
          requestedBy,
          context,
        }),
        status: 'pending',
      }),
    },
  });
}

/**
 * Console campaigns: drafts checked by the campaign file's schemas and published by its import, the live
 * side paused and ended through the activity module, approvals counted by the settings' policy. The campaign
 * lab simulates with the draw engine's own pick, reads and writes drafts through the campaigns module and
 * one draw's proof through the draw module (docs/decisions/0345-simulation.md).
 */
function campaignServices(base: BaseDeps, f: Foundation, draw: ReturnType<typeof createDrawService>) {
  const { audit, publishing } = f;
  const campaigns = createCampaignsService({
    ...depsOf('campaigns', base),
    audit: audit.port,
    trail: audit.trail,
    file: campaignFilePort(publishing),
    live: publishing,
    policy: f.settings,
    halts: f.halts,
    staff: f.staff,
    whiteLists: f.whiteLists,
    notify: f.notifications.port,
  });
  const campaignLab = createCampaignLabService({
    ...depsOf('campaign-lab', base),
    audit: audit.port,
    engine: drawEngine,
    drafts: campaignDraftsPort(base, campaigns),
    proofs: draw,
  });
  return { campaigns, campaignLab };
}

/** Live numbers (issue 24): exports, alerts (raised by their rules and by the reconciliation), reconciliation. */
function oversightServices(base: BaseDeps, f: Foundation) {
  const { stock, staff, notifications: bell } = f;
  const audit = f.audit.port;
  const reports = createReportsService({ ...depsOf('reports', base), audit, notify: bell.port });
  const alerts = createAlertsService({ ...depsOf('alerts', base), audit, stock, staff, notify: bell.port });
  const reconcile = createReconcileService({ ...depsOf('reconcile', base), stock, alerts: alerts.port, audit });
  return { reports, alerts, reconcile, notifications: bell };
}

/**
 * The one composition root: every service of every module, wired to its ports. The app, the CLI and the
 * test harness all start here, so what a test exercises is what production runs. Modules never import
 * each other; where one needs another (the draw awards a prize) the port is passed in below. The steps
 * above make the services in the order they take each other as ports.
 *
 * A new domain adds one line: `x: createXService({ ...base })` in the result (a `const` above the
 * services that take it as a port).
 */
export function createServices(deps: ServicesInput) {
  const { config } = deps;
  const log = deps.log ?? createLogger(config.logLevel);
  // A lost database connection is logged and replaced at the next use; it never ends the process (ADR 0053).
  deps.database.onConnectionError((err, where) =>
    log.warn({ err: err.message, where }, 'database connection lost; a new one opens at the next use'),
  );
  const base = baseDepsOf(deps, log);
  const f = foundationServices(deps, base);
  const { activity, publishing, stock, activityWithStock, staff, settings, audit } = f;
  // Each kind's effect comes from the module owning its subject; read at decision time (approvals is made
  // before prizes, which holds awards through it).
  const effects: ApprovalEffects = {};
  const approvals = createApprovalsService({ ...depsOf('approvals', base), staff, effects: () => effects });
  // The risk engine is made after the prizes (it wraps their held-award effect): the orders reach it late.
  const engine = lateEngine(() => risk.engine);
  const { orders, coupons, payments, prizes } = prizeServices(base, f, approvals, engine);
  effects['prize-award'] = prizes.heldAwardEffect;
  effects['rules-change'] = publishing.rulesChangeEffect;
  // Alerts are made further down (they read the stock): the risk engine raises through them once they exist.
  const alerts: AlertsPort = { raise: (a) => oversight.alerts.port.raise(a) };
  const bank = deps.bankRisk;
  const risk = riskServiceOf(base, { audit: audit.port, staff, approvals, alerts, bank, awards: prizes }, effects);
  const seasonDeps = { ...depsOf('season', base), activities: activityWithStock, prizes, risk: risk.engine };
  const season = createSeasonService(seasonDeps);
  const seasonOperations = createSeasonOperations(seasonDeps);
  const stats = statsService(base, f);
  const limits = deps.limits ?? createLimits(config, deps.database, log);
  const draw = drawService(deps, base, f, stats, prizes, season, limits, risk);
  // A counted invite credits the inviter's season invite task (modules/growth/ports.ts InviteTaskPort).
  const growth = createGrowthService({
    ...depsOf('growth', base),
    catalogue: activityWithStock,
    prizes,
    inviteTasks: season,
    risk: risk.engine,
  });
  const stores = storesService(base, coupons, approvals);
  effects['redemption-exception'] = stores.exceptionEffect;
  const { campaigns, campaignLab } = campaignServices(base, f, draw);
  const oversight = oversightServices(base, f);
  const storeAdmin = createStoreAdminService({ ...depsOf('stores', base), audit: f.audit.port });
  f.audit.nameSubjectsWith(mergedNames(f.staff, { names: campaigns.titles }, storeAdmin, corpNames(base)));
  return {
    base,
    auth: f.auth,
    documents: createDocumentsService(depsOf('auth', base)),
    activity,
    publishing,
    stock,
    prizes,
    orders,
    coupons,
    payments,
    draw,
    addresses: f.addresses,
    discounts: createDiscountsService(depsOf('discounts', base)),
    limits,
    growth,
    season,
    seasonOperations,
    staff,
    approvals,
    stores,
    storeAdmin,
    console: f.consoleIdentity,
    settings,
    audit,
    campaigns,
    campaignLab,
    stats,
    risk,
    ...oversight,
  };
}
export type Services = ReturnType<typeof createServices>;
