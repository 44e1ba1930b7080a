import { sha256Hex } from '../../platform/crypto';

/** Delivers one-time codes. Production plugs in the bank's SMS gateway here. */
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

/** Exchanges a chat-platform `code` for an open id. */
export interface OpenIdProvider {
  exchange(args: { corpId: string; code: string }): Promise<string>;
}

/**
 * A stand-in for the chat platform used in the demo and the tests: any code gives a stable open id
 * derived from it; codes starting with `bad` fail the way an expired code does on the real platform.
 */
export const simulatedOpenIdProvider: OpenIdProvider = {
  async exchange({ corpId, code }) {
    if (code.startsWith('bad')) throw new Error('simulated provider: invalid code');
    return `o_${sha256Hex(`${corpId}:${code}`).slice(0, 26)}`;
  },
};
