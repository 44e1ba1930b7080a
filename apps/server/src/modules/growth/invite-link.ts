import type { InviteLink } from '@campaign/contract';
import QRCode from 'qrcode';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { GrowthDeps } from './deps';
import { signInvite } from './invite-token';
import { assertLive, inviteActivity, inviterBlock } from './offer-gate';

const HOUR_MS = 3_600_000;

/** Where an invitee lands: the offer's own page, the signed token in `invite` (read after log-in). */
export function invitePath(corpId: string, actId: string, token: string): string {
  const q = new URLSearchParams({ corpId, actId, invite: token });
  return `/newCustomers?${q}`;
}

/**
 * An origin an invite link may point at: the service's own (the H5 it serves), the corp's `h5Origins`, and
 * outside production a page on this machine (the web's dev server on another port).
 */
export function isOwnOrigin(origin: string, serving: string, corpOrigins: readonly string[], production: boolean) {
  const o = origin.toLowerCase();
  if (o === serving.toLowerCase() || corpOrigins.some((c) => c.toLowerCase() === o)) return true;
  return !production && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(o);
}

/**
 * A signed link that expires (never after the season ends) and its QR code. The QR points only at the
 * corp's own H5: this service's origin (`serving`) or one of the corp's `h5Origins`.
 */
export async function makeInviteLink(
  deps: GrowthDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  origin: string,
  serving: string,
): Promise<InviteLink> {
  if (!isOwnOrigin(origin, serving, corp.h5Origins ?? [], deps.config.env === 'production')) {
    throw new AppError('INVITE_ORIGIN_REFUSED');
  }
  const { act, setup } = await inviteActivity(deps, corp, actId);
  assertLive(act);
  if (await inviterBlock(deps, corp, user, act)) throw new AppError('OFFER_NOT_ELIGIBLE');
  const expiresAt = Math.min(deps.clock() + setup.link_ttl_hours * HOUR_MS, act.endsAt);
  const token = signInvite(deps.inviteKey, { corpId: corp.id, actId: act.actId, inviterId: user.id, expiresAt });
  const path = invitePath(corp.id, act.actId, token);
  const qrSvg = await QRCode.toString(`${origin}${path}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { path, token, expiresAt, qrSvg };
}
