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
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  SQLITE_PATH: z.string().default('./data/campaign.db'),
  WEB_DIST: z.string().default('apps/web/dist'),
  GRAY_WEB_DIST: z.string().optional(),
  DEMO_MODE: bool.optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  DRAW_RATE_PER_SECOND: z.coerce.number().int().positive().default(20),
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(2000),
  MAX_DRAWS_IN_FLIGHT: z.coerce.number().int().positive().default(256),
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
  demoMode: boolean;
  /** 32-byte key for encid and common-decrypt; generated at start when absent outside production (once for all workers). */
  encryptionKey: Buffer | null;
  session: { idleMs: number; absoluteMs: number };
  trustProxy: boolean;
  logLevel: string;
  rateLimits: { loginPerMinute: number; drawPerSecond: number };
  /** Requests in progress above which the server sheds load with 429 instead of queueing. */
  maxInFlight: number;
  /** Draws waiting for the database above which new draws get 429 (keeps latency bounded past capacity). */
  maxDrawsInFlight: number;
  /** Server processes sharing the port (node:cluster); 1 runs a single process. */
  workers: number;
  /** null: not configured; only demo mode and tests may then log codes instead (modules/auth/provider-config.ts). */
  sms: SmsGatewayConfig | null;
  /** null: not configured; only demo mode and tests may then use the simulated provider. */
  oauth: OAuthConfig | null;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.ENCRYPTION_KEY) throw new Error('ENCRYPTION_KEY is required when NODE_ENV=production');
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
    demoMode: e.DEMO_MODE ?? !production,
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'hex') : null,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimits: { loginPerMinute: e.LOGIN_RATE_PER_MINUTE, drawPerSecond: e.DRAW_RATE_PER_SECOND },
    maxInFlight: e.MAX_IN_FLIGHT,
    maxDrawsInFlight: e.MAX_DRAWS_IN_FLIGHT,
    workers: e.WORKERS,
    sms:
      endpoint && accessKey && secret && templateId
        ? { endpoint, accessKey, secret, templateId, timeoutMs: e.SMS_TIMEOUT_MS }
        : null,
    oauth: baseUrl && appId && appSecret ? { baseUrl, appId, appSecret, timeoutMs: e.OAUTH_TIMEOUT_MS } : null,
  };
}

/** A config for tests: demo mode, in-memory style defaults, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
