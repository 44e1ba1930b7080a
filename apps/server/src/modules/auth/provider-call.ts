import { type Fetch, type RetryPolicy, TransientHttpError, withRetries } from '../../platform/outbound-http';
import { ProviderError, type ProviderLog } from './providers';

/** What the real providers are built with besides their configuration; all but `log` are for tests. */
export interface ProviderCallOptions {
  log: ProviderLog;
  retry?: RetryPolicy;
  fetch?: Fetch;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The attempts of one call to an outside identity service: each retry is logged with `fields` (which must
 * hold nothing secret), and no answer after the last attempt is logged and thrown as
 * ProviderError('unavailable'). Returns the last attempt's value and how many attempts it took.
 */
export async function callWithRetries<T>(
  what: string,
  fields: object,
  policy: RetryPolicy,
  opts: ProviderCallOptions,
  attempt: () => Promise<T>,
): Promise<{ value: T; attempts: number }> {
  let attempts = 0;
  try {
    const value = await withRetries(
      policy,
      async (n) => {
        attempts = n;
        return attempt();
      },
      {
        onRetry: (err, n) => opts.log.warn({ ...fields, attempt: n, reason: err.message }, `${what}: retrying`),
        ...(opts.wait ? { wait: opts.wait } : {}),
      },
    );
    return { value, attempts };
  } catch (err) {
    if (!(err instanceof TransientHttpError)) throw err;
    opts.log.error({ ...fields, attempts, reason: err.message }, `${what}: unavailable`);
    throw new ProviderError('unavailable', `${what} unavailable after ${attempts} attempts: ${err.message}`);
  }
}
