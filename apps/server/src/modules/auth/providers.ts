import { sha256Hex } from '../../platform/crypto';

/**
 * Why an outside identity service did not give an answer. `refused`: it answered and said no (an invalid
 * or used code, a number it will not send to), which is the customer's to fix; `unavailable`: no usable
 * answer (down, slow, 5xx, unreadable, or refusing our credentials), which a later retry may fix.
 * Messages never hold a one-time code, a secret or a full mobile number: they are logged.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** What the real providers log through: pino's (Fastify's) logger fits. */
export interface ProviderLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

/** Delivers one-time codes: HttpSmsSender in production, logOtpSender in the demo. Throws ProviderError. */
export interface OtpSender {
  send(args: { corpId: string; mobile: string; code: string }): Promise<void>;
}

/** The demo sender writes the code to the log (and the demo accepts 123456 besides). */
export function logOtpSender(log: (msg: string) => void): OtpSender {
  return {
    async send({ corpId, mobile, code }) {
      log(`[demo sms] corp=${corpId} mobile=${mobile} code=${code}`);
    },
  };
}

/** Exchanges a chat-platform `code` for an open id: HttpOpenIdProvider in production. Throws ProviderError. */
export interface OpenIdProvider {
  exchange(args: { corpId: string; code: string }): Promise<string>;
}

/**
 * A stand-in for the chat platform used in the demo and the tests: any code gives a stable open id
 * derived from it; codes starting with `bad` fail the way an expired code does on the real platform.
 */
export const simulatedOpenIdProvider: OpenIdProvider = {
  async exchange({ corpId, code }) {
    if (code.startsWith('bad')) throw new ProviderError('refused', 'simulated provider: invalid code');
    return `o_${sha256Hex(`${corpId}:${code}`).slice(0, 26)}`;
  },
};
