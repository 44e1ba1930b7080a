import type { StatChannel, StatMetric } from '@campaign/contract';
import type { SessionTable } from '../db/schema';
import type { Step, TxExec } from '../db/tx';

/**
 * What other modules tell the `stats` module (modules/stats), declared here so that no module imports it
 * (services.ts passes it in). docs/decisions/0360-stats-counters.md.
 */

/** A draw as counted, inside the draw transaction. */
export interface DrawCounted {
  corpId: string;
  actId: string;
  at: number;
  channel: StatChannel | '';
  /** The customer's first draw in the campaign (a unique participant). */
  first: boolean;
  /** The prize won; null for no prize ("thanks"). */
  prizeId: string | null;
  valueCents: number;
  /**
   * The prize was handed over by the draw itself (a coupon's code issued, points credited): claimed as it is
   * won. A physical prize waits for an address, a held one for an approver.
   */
  claimed: boolean;
}

/** Counts a draw in the draw's own transaction: one small append-only row, nothing another draw waits for. */
export interface DrawCounterPort {
  counted(x: TxExec, draw: DrawCounted): Step<void>;
}

/** Any other event: stored within about half a second, outside the caller's transaction. */
export interface StatEvent {
  corpId: string;
  actId: string;
  at: number;
  metric: StatMetric;
  channel?: StatChannel | '';
  prizeId?: string;
  cents?: number;
}
export interface StatsSinkPort {
  count(ev: StatEvent): void;
  /** A page view: also a unique visitor / signed-in visitor the first time this visitor is seen. */
  pageView(ev: {
    corpId: string;
    actId: string;
    at: number;
    userId: string | null;
    anon: string;
    channel: StatChannel | '';
  }): void;
}

/** The channel of a customer's session: the app's ticket, a chat platform's open id, a code in a browser. */
export function channelOf(loginMethod: SessionTable['login_method'] | null | undefined): StatChannel | '' {
  if (loginMethod === 'ticket') return 'app';
  if (loginMethod === 'openid') return 'chat';
  if (loginMethod === 'otp') return 'h5';
  return '';
}

/** A visitor not signed in: the browser tells a chat platform or a mini-app; else a plain browser. */
export function channelOfAgent(userAgent: string | undefined): StatChannel {
  const ua = userAgent ?? '';
  if (/miniProgram|miniapp/i.test(ua)) return 'miniapp';
  if (/MicroMessenger|AlipayClient|DingTalk/i.test(ua)) return 'chat';
  return 'h5';
}
