import { z } from 'zod';
import type { OAuthConfig } from '../../config';
import { exchangeOnce, parseJson, type RetryPolicy, TransientHttpError } from '../../platform/outbound-http';
import { callWithRetries, type ProviderCallOptions } from './provider-call';
import { type OpenIdProvider, ProviderError } from './providers';

/** The chat platform's exchange, relative to OAUTH_BASE_URL. */
export const OAUTH_TOKEN_PATH = 'sns/oauth2/access_token';

/**
 * Error codes that mean the customer's `code` is no good (invalid, already used, expired, missing): a new
 * code from the chat platform is the only fix. Other error codes are our set-up (app id, secret, IP
 * allow-list, quota) and read as "unavailable".
 */
export const CODE_REFUSALS: ReadonlySet<number> = new Set([40029, 40163, 41008, 42003]);
/** "System busy": the platform's own way of saying try again. */
const BUSY = -1;

/** Success carries `openid`; a refusal `errcode` / `errmsg` (and no openid). */
const answerSchema = z.object({
  openid: z
    .string()
    .regex(/^[\w-]{1,128}$/)
    .optional(),
  errcode: z.number().int().optional(),
  errmsg: z.string().optional(),
});

export const OAUTH_RETRY: RetryPolicy = { attempts: 3, backoffMs: 200 };

type Outcome = { ok: true; openId: string } | { ok: false; error: ProviderError; errcode?: number; errmsg?: string };

/**
 * code → open id against the chat platform (`GET sns/oauth2/access_token?appid&secret&code&grant_type`).
 * The URL holds the app secret and the customer's code, so it is never logged; logs carry the corp, the
 * attempt count and the platform's errcode/errmsg.
 */
export class HttpOpenIdProvider implements OpenIdProvider {
  readonly #config: OAuthConfig;
  readonly #opts: ProviderCallOptions;

  constructor(config: OAuthConfig, opts: ProviderCallOptions) {
    this.#config = config;
    this.#opts = opts;
  }

  async exchange({ corpId, code }: { corpId: string; code: string }): Promise<string> {
    const { log } = this.#opts;
    const base = this.#config.baseUrl.endsWith('/') ? this.#config.baseUrl : `${this.#config.baseUrl}/`;
    const url = new URL(OAUTH_TOKEN_PATH, base);
    url.searchParams.set('appid', this.#config.appId);
    url.searchParams.set('secret', this.#config.appSecret);
    url.searchParams.set('code', code);
    url.searchParams.set('grant_type', 'authorization_code');
    const { value: outcome, attempts } = await callWithRetries(
      'chat platform',
      { corpId },
      this.#opts.retry ?? OAUTH_RETRY,
      this.#opts,
      () => this.#attempt(url),
    );
    if (!outcome.ok) {
      const fields = { corpId, attempts, errcode: outcome.errcode, errmsg: outcome.errmsg };
      if (outcome.error.kind === 'refused') log.warn(fields, 'chat platform refused the code');
      else log.error({ ...fields, reason: outcome.error.message }, 'open-id exchange failed');
      throw outcome.error;
    }
    return outcome.openId;
  }

  async #attempt(url: URL): Promise<Outcome> {
    const answer = await exchangeOnce(
      url,
      { method: 'GET', headers: { accept: 'application/json' } },
      this.#config.timeoutMs,
      this.#opts.fetch,
    );
    if (answer.status >= 300) {
      return { ok: false, error: new ProviderError('unavailable', `chat platform answered HTTP ${answer.status}`) };
    }
    // The platform answers JSON, labelled text/plain at times: the body is parsed whatever the label.
    const parsed = answerSchema.safeParse(parseJson(answer.text));
    if (!parsed.success) {
      return { ok: false, error: new ProviderError('unavailable', 'chat platform answer unreadable') };
    }
    const { openid, errcode, errmsg } = parsed.data;
    if (errcode === BUSY) throw new TransientHttpError('chat platform busy (errcode -1)');
    if (errcode !== undefined && errcode !== 0) {
      const kind = CODE_REFUSALS.has(errcode) ? 'refused' : 'unavailable';
      const error = new ProviderError(kind, `chat platform errcode ${errcode}`);
      return { ok: false, error, errcode, ...(errmsg === undefined ? {} : { errmsg }) };
    }
    if (!openid) return { ok: false, error: new ProviderError('unavailable', 'chat platform answer has no openid') };
    return { ok: true, openId: openid };
  }
}
