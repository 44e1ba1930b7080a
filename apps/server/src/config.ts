import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
/** An optional text variable; set but empty counts as unset (as `DATABASE_URL=''` does). */
const text = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());
const httpUrl = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);
const timeoutMs = z.coerce.number().int().min(100).max(60_000).default(3000);

/** The variables that configure the real SMS gateway: all of them, or none (demo and tests only). */
export const SMS_VARIABLES = ['SMS_ENDPOINT', 'SMS_ACCESS_KEY', 'SMS_SECRET', 'SMS_TEMPLATE_ID'] as const;
/** The variables that configure the chat platform's OAuth exchange: all of them, or none (demo and tests only). */
export const OAUTH_VARIABLES = ['OAUTH_BASE_URL', 'OAUTH_APP_ID', 'OAUTH_APP_SECRET'] as const;

/** Every environment variable the service reads; the README's table mirrors this schema. */
/** The public verify page's look-ups per client address per minute, unless FAIRNESS_RATE_PER_MINUTE says otherwise. */
export const FAIRNESS_RATE_PER_MINUTE = 60;

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  SQLITE_PATH: z.string().default('./data/campaign.db'),
  WEB_DIST: z.string().default('apps/web/dist'),
  GRAY_WEB_DIST: z.string().optional(),
  /** The built operator console, served under /console/ (docs/console.md). */
  CONSOLE_DIST: z.string().default('apps/console/dist'),
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().positive().default(15),
  CONSOLE_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(8),
  /** Banner images, one directory per corp (`<dir>/<corpId>/<image>`); the demo's ship in apps/server/banners. */
  BANNER_DIR: z.string().default(fileURLToPath(new URL('../banners', import.meta.url))),
  /** Where export jobs write their files (removed when they expire); empty: the system's temp folder. */
  EXPORT_DIR: z.string().default(''),
  /** Comma-separated hosts an alert webhook may use although they are (or resolve to) internal addresses. */
  ALERT_WEBHOOK_HOSTS: z.string().default(''),
  /** Where each corp's audit head is appended, signed, on a schedule (modules/audit/publish.ts); unset: log and webhook only. */
  AUDIT_HEAD_DIR: text,
  /** The HMAC-SHA256 key signing published audit heads; required with AUDIT_HEAD_DIR. */
  AUDIT_HEAD_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'AUDIT_HEAD_KEY must be at least 32 characters').optional(),
  ),
  AUDIT_HEAD_EVERY_MINUTES: z.coerce.number().min(0.05).max(1440).default(15),
  /** How long a finished export's file stays downloadable, in hours. */
  EXPORT_KEEP_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  DEMO_MODE: bool.optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  DRAW_RATE_PER_SECOND: z.coerce.number().int().positive().default(20),
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(2000),
  MAX_DRAWS_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  DRAW_QUEUE_MAX_MS: z.coerce.number().int().positive().default(300),
  // Event-loop delay (mean over 100 ms) past which new requests get 429; 0 turns it off (ADR 0053).
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(50),
  // SIGTERM: how long a node stays up failing its readiness before it stops taking connections (ADR 0053).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Browser journeys only: a request with cookie campaign-test-shed=1 has its API calls shed (ADR 0054).
  SHED_TEST_COOKIE: bool.optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SMS_ENDPOINT: httpUrl,
  SMS_ACCESS_KEY: text,
  SMS_SECRET: text,
  SMS_TEMPLATE_ID: text,
  SMS_TIMEOUT_MS: timeoutMs,
  OAUTH_BASE_URL: httpUrl,
  OAUTH_APP_ID: text,
  OAUTH_APP_SECRET: text,
  OAUTH_TIMEOUT_MS: timeoutMs,
  // Exposure and abuse limits (docs/decisions/0030-trusted-proxies.md, 0033-production-exposure.md).
  TRACKING_RATE_PER_MINUTE: z.coerce.number().int().positive().default(120),
  FAIRNESS_RATE_PER_MINUTE: z.coerce.number().int().positive().default(FAIRNESS_RATE_PER_MINUTE),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  API_DOCS: bool.optional(),
  STATS_DRAW_COUNTERS: bool.optional(),
  // Limits shared by every node (docs/decisions/0050-shared-limits.md).
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  REDIS_PREFIX: z.string().max(64).default('campaign:'),
  // Risk counters unreachable (issue 35): refuse with 503 (closed) or draw on, capped per campaign (open).
  RISK_FAIL_POLICY: z.enum(['open', 'closed']).default('open'),
  RISK_FAIL_OPEN_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // The store map's tile source (modules/stores; unset: the designed fallback without tiles).
  MAP_TILE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https:\/\/\S+\{z\}\S*$/, 'must be an https URL template with {z}, {x}, {y}')
      .optional(),
  ),
  MAP_KEY: text,
  MAP_PROVIDER: z.string().max(32).default('custom'),
  MAP_TILE_COORD: z.enum(['gcj02', 'wgs84']).default('gcj02'),
  MAP_SUBDOMAINS: z.string().max(16).default(''),
  MAP_ATTRIBUTION: z.string().max(200).default(''),
});
type Env = z.infer<typeof envSchema>;

/** The bank's SMS gateway (see HttpSmsSender). */
export interface SmsGatewayConfig {
  endpoint: string;
  accessKey: string;
  secret: string;
  templateId: string;
  /** Per attempt. */
  timeoutMs: number;
}

/** The chat platform's code → open id exchange (see HttpOpenIdProvider). */
export interface OAuthConfig {
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Per attempt. */
  timeoutMs: number;
}

export interface Config {
  env: string;
  port: number;
  host: string;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  webDist: string;
  grayWebDist: string | null;
  /** The built operator console (served under /console/). */
  consoleDist: string;
  bannerDir: string;
  /** Export jobs' files (issue 24): the folder and how long a file stays downloadable. */
  exports: { dir: string; keepMs: number };
  /** ALERT_WEBHOOK_HOSTS, lower-cased: internal hosts an alert webhook may point at (modules/alerts/address.ts). */
  alertWebhookHosts: string[];
  /** Audit heads published outside the database (docs/decisions/0331-audit-chain.md): file, signing key, period. */
  auditHeads: { dir: string | null; key: string | null; everyMs: number };
  demoMode: boolean;
  /** 32-byte key for encid and common-decrypt; generated at start when absent outside production (once for all workers). */
  encryptionKey: Buffer | null;
  session: { idleMs: number; absoluteMs: number };
  /** The operator console's sessions: shorter than a customer's (staff change campaigns and money). */
  consoleSession: { idleMs: number; absoluteMs: number };
  /** Which peers may set X-Forwarded-*: none, any (development only), or these addresses/CIDRs. */
  trustProxy: boolean | string[];
  logLevel: string;
  rateLimits: {
    loginPerMinute: number;
    drawPerSecond: number;
    trackingPerMinute: number;
    /** The public verify page's look-ups per client address (FAIRNESS_RATE_PER_MINUTE; default when left out). */
    fairnessPerMinute?: number;
  };
  /** Where the rate limits are counted when several nodes serve: unset → the database (see platform/limits.ts). */
  redis: { url: string; prefix: string } | null;
  /** When the risk counters cannot be reached: refuse (closed), or draw on with a cap per campaign a minute. */
  risk?: { failPolicy: 'open' | 'closed'; failOpenPerMinute: number };
  /** Requests in progress above which the server sheds load with 429 instead of queueing. */
  maxInFlight: number;
  /** Draws waiting for the database above which new draws get 429 (keeps latency bounded past capacity). */
  /** PostgreSQL: a draw that waited this long for a database batch gets 429 instead of waiting on (ADR 0052). */
  drawQueueMaxMs?: number;
  maxDrawsInFlight: number;
  /** Mean event-loop delay (ms) past which new requests get 429 at once; 0: not shed by it. */
  maxEventLoopDelayMs: number;
  /** Tests only (refused in production): API calls carrying cookie campaign-test-shed=1 are shed (ADR 0054). */
  shedTestCookie: boolean;
  /** SIGTERM: ms the node keeps serving, with readiness failed, so the balancer takes it out before it closes. */
  shutdownDrainMs: number;
  /** Server processes sharing the port (node:cluster); 1 runs a single process. */
  workers: number;
  /** null: not configured; only demo mode and tests may then log codes instead (modules/auth/provider-config.ts). */
  sms: SmsGatewayConfig | null;
  /** null: not configured; only demo mode and tests may then use the simulated provider. */
  oauth: OAuthConfig | null;
  /** Bearer token /metrics requires; without one, /metrics is open outside production and absent in it. */
  metricsToken: string | null;
  /** Serve /bmcs/api/docs and openapi.json (default: on outside production). */
  apiDocs: boolean;
  /** Count each draw for the dashboard in the draw transaction (default on; off only to measure its cost). */
  statsDrawCounters: boolean;
  /** The store map's tiles: a Leaflet URL template (`{key}` filled with MAP_KEY); null = none configured. */
  map: {
    provider: string;
    tileUrl: string;
    key: string | null;
    coord: 'gcj02' | 'wgs84';
    subdomains: string;
    attribution: string;
  } | null;
}

/**
 * A half-configured gateway is a typo, not a choice: either every variable of the group is set, or none
 * is; otherwise start-up fails naming the missing ones.
 */
function wholeOrNone(e: Env, names: readonly (keyof Env)[], what: string): void {
  const missing = names.filter((n) => e[n] === undefined);
  if (missing.length === 0 || missing.length === names.length) return;
  throw new Error(`${what} is partly configured: ${missing.join(', ')} missing`);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUST_PROXY: an address, an address/prefix, or one of proxy-addr's names. */
function validProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const n = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default) trusts no X-Forwarded-*; a comma list of addresses/CIDRs trusts those
 * peers only; `true`/`*` trusts everyone, which lets any client pick its own address for the per-IP
 * limits, so it is refused in production.
 */
export function parseTrustProxy(raw: string, production: boolean): boolean | string[] {
  const v = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  if (['1', 'true', 'yes', 'on', '*'].includes(v)) {
    if (production) {
      throw new Error(
        "TRUST_PROXY=true trusts every client's X-Forwarded-For (any client could pick its own IP for the rate limits); " +
          'in production list the proxy addresses instead, e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1',
      );
    }
    return true;
  }
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !validProxyEntry(entry));
  if (bad.length) throw new Error(`TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}`);
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.ENCRYPTION_KEY) throw new Error('ENCRYPTION_KEY is required when NODE_ENV=production');
  if (production && e.SHED_TEST_COOKIE)
    throw new Error('SHED_TEST_COOKIE is for tests: refused when NODE_ENV=production');
  const url = e.DATABASE_URL?.trim();
  wholeOrNone(e, SMS_VARIABLES, 'The SMS gateway');
  wholeOrNone(e, OAUTH_VARIABLES, 'The chat-platform OAuth exchange');
  const { SMS_ENDPOINT: endpoint, SMS_ACCESS_KEY: accessKey, SMS_SECRET: secret, SMS_TEMPLATE_ID: templateId } = e;
  const { OAUTH_BASE_URL: baseUrl, OAUTH_APP_ID: appId, OAUTH_APP_SECRET: appSecret } = e;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database:
      url && /^postgres(ql)?:\/\//.test(url) ? { kind: 'postgres', url } : { kind: 'sqlite', path: e.SQLITE_PATH },
    webDist: e.WEB_DIST,
    grayWebDist: e.GRAY_WEB_DIST ?? null,
    consoleDist: e.CONSOLE_DIST,
    bannerDir: e.BANNER_DIR,
    exports: {
      dir: e.EXPORT_DIR || join(tmpdir(), 'campaign-exports'),
      keepMs: Math.round(e.EXPORT_KEEP_HOURS * 3_600_000),
    },
    alertWebhookHosts: e.ALERT_WEBHOOK_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    auditHeads: auditHeads(e),
    demoMode: e.DEMO_MODE ?? !production,
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'hex') : null,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    consoleSession: {
      idleMs: e.CONSOLE_IDLE_MINUTES * 60_000,
      absoluteMs: e.CONSOLE_ABSOLUTE_HOURS * 3_600_000,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY, production),
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      loginPerMinute: e.LOGIN_RATE_PER_MINUTE,
      drawPerSecond: e.DRAW_RATE_PER_SECOND,
      trackingPerMinute: e.TRACKING_RATE_PER_MINUTE,
      fairnessPerMinute: e.FAIRNESS_RATE_PER_MINUTE,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    risk: { failPolicy: e.RISK_FAIL_POLICY, failOpenPerMinute: e.RISK_FAIL_OPEN_PER_MINUTE },
    maxInFlight: e.MAX_IN_FLIGHT,
    maxDrawsInFlight: e.MAX_DRAWS_IN_FLIGHT,
    drawQueueMaxMs: e.DRAW_QUEUE_MAX_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    shedTestCookie: e.SHED_TEST_COOKIE ?? false,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    workers: e.WORKERS,
    sms:
      endpoint && accessKey && secret && templateId
        ? { endpoint, accessKey, secret, templateId, timeoutMs: e.SMS_TIMEOUT_MS }
        : null,
    oauth: baseUrl && appId && appSecret ? { baseUrl, appId, appSecret, timeoutMs: e.OAUTH_TIMEOUT_MS } : null,
    metricsToken: e.METRICS_TOKEN ?? null,
    apiDocs: e.API_DOCS ?? !production,
    statsDrawCounters: e.STATS_DRAW_COUNTERS ?? true,
    map: e.MAP_TILE_URL
      ? {
          provider: e.MAP_PROVIDER,
          tileUrl: e.MAP_TILE_URL,
          key: e.MAP_KEY ?? null,
          coord: e.MAP_TILE_COORD,
          subdomains: e.MAP_SUBDOMAINS,
          attribution: e.MAP_ATTRIBUTION,
        }
      : null,
  };
}

function auditHeads(e: Env): Config['auditHeads'] {
  if (e.AUDIT_HEAD_DIR && !e.AUDIT_HEAD_KEY) throw new Error('AUDIT_HEAD_DIR needs AUDIT_HEAD_KEY (the signing key)');
  return { dir: e.AUDIT_HEAD_DIR ?? null, key: e.AUDIT_HEAD_KEY ?? null, everyMs: e.AUDIT_HEAD_EVERY_MINUTES * 60_000 };
}

/** A config for tests: demo mode, in-memory style defaults, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // No shedding by event-loop delay unless a test asks: a machine busy with other suites would shed at random.
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), maxEventLoopDelayMs: 0, ...overrides };
}
