import { randomUUID } from 'node:crypto';
import { maskMobile } from '@campaign/contract';
import { z } from 'zod';
import type { SmsGatewayConfig } from '../../config';
import { hmacHex } from '../../platform/crypto';
import { exchangeOnce, parseJson, type RetryPolicy } from '../../platform/outbound-http';
import { callWithRetries, type ProviderCallOptions } from './provider-call';
import { type OtpSender, ProviderError } from './providers';

/** Headers of a signed request (docs/decisions/0020-identity-providers.md). */
export const SMS_HEADERS = {
  accessKey: 'x-sms-access-key',
  timestamp: 'x-sms-timestamp',
  nonce: 'x-sms-nonce',
  signature: 'x-sms-signature',
} as const;

/** The string the gateway recomputes the HMAC over: timestamp, nonce and the exact body bytes, one per line. */
export const smsSigningString = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}`;

/** The gateway's answer. `code` "OK" is a send; any other code is a refusal (the number, a quota, the template). */
const answerSchema = z.object({
  code: z.string().min(1),
  message: z.string().optional(),
  requestId: z.string().max(128).optional(),
});

export const SMS_RETRY: RetryPolicy = { attempts: 3, backoffMs: 200 };

export interface HttpSmsSenderOptions extends ProviderCallOptions {
  now?: () => number;
  nonce?: () => string;
}

type Outcome = { sent: true; requestId: string | undefined } | { sent: false; error: ProviderError };

/**
 * Sends one-time codes through the bank's SMS gateway: a signed JSON POST, a deadline per attempt, and
 * retries only where no answer came (network, timeout, 5xx). Every attempt of one send carries the same
 * `outId`, so a gateway that received an attempt we gave up on can drop the duplicate. The code travels
 * only in the body: logs and errors carry the masked number and the gateway's request id.
 */
export class HttpSmsSender implements OtpSender {
  readonly #config: SmsGatewayConfig;
  readonly #opts: HttpSmsSenderOptions;

  constructor(config: SmsGatewayConfig, opts: HttpSmsSenderOptions) {
    this.#config = config;
    this.#opts = opts;
  }

  async send({ corpId, mobile, code }: { corpId: string; mobile: string; code: string }): Promise<void> {
    const { log } = this.#opts;
    const body = JSON.stringify({
      mobile,
      templateId: this.#config.templateId,
      templateParams: { code },
      outId: randomUUID(),
    });
    const who = { corpId, mobile: maskMobile(mobile) };
    const { value: outcome, attempts } = await callWithRetries(
      'SMS gateway',
      who,
      this.#opts.retry ?? SMS_RETRY,
      this.#opts,
      () => this.#attempt(body),
    );
    if (!outcome.sent) {
      log.warn({ ...who, attempts, reason: outcome.error.message }, 'sms not sent');
      throw outcome.error;
    }
    log.info({ ...who, attempts, requestId: outcome.requestId }, 'sms code sent');
  }

  async #attempt(body: string): Promise<Outcome> {
    const timestamp = String((this.#opts.now ?? Date.now)());
    const nonce = (this.#opts.nonce ?? randomUUID)();
    const answer = await exchangeOnce(
      this.#config.endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SMS_HEADERS.accessKey]: this.#config.accessKey,
          [SMS_HEADERS.timestamp]: timestamp,
          [SMS_HEADERS.nonce]: nonce,
          [SMS_HEADERS.signature]: hmacHex(this.#config.secret, smsSigningString(timestamp, nonce, body)),
        },
        body,
      },
      this.#config.timeoutMs,
      this.#opts.fetch,
    );
    // A 4xx is the gateway refusing *our* request (signature, clock, key, template): no retry mends it,
    // and the customer cannot either, so it reads as "unavailable".
    if (answer.status >= 300) {
      return { sent: false, error: new ProviderError('unavailable', `SMS gateway answered HTTP ${answer.status}`) };
    }
    const parsed = answerSchema.safeParse(parseJson(answer.text));
    // Unreadable is not retried: the gateway may have sent the text, and a second one would confuse.
    if (!parsed.success) {
      return { sent: false, error: new ProviderError('unavailable', 'SMS gateway answer unreadable') };
    }
    const { code, requestId } = parsed.data;
    if (code !== 'OK') {
      const error = new ProviderError('refused', `SMS gateway refused (code ${code}, request ${requestId ?? '-'})`);
      return { sent: false, error };
    }
    return { sent: true, requestId };
  }
}
