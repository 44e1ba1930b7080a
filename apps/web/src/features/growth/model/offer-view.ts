import type { Offer, OfferBlock, OfferClaim } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

/** What the offer screen shows: the designed state instead of the offer, the claimed card, or the claim button. */
export type OfferPhase =
  | { kind: 'blocked'; reason: OfferBlock }
  | { kind: 'closed'; status: 'scheduled' | 'ended' | 'paused' | 'draft' }
  | { kind: 'claimed' }
  | { kind: 'sold-out' }
  | { kind: 'paced-out'; releaseAt: number }
  | { kind: 'open' };

/** A claim shows even after the window (the customer keeps what they got); gates come before the window. */
export function offerPhase(o: Pick<Offer, 'blocked' | 'claim' | 'status' | 'gift'>): OfferPhase {
  if (o.claim) return { kind: 'claimed' };
  if (o.blocked) return { kind: 'blocked', reason: o.blocked };
  if (o.status !== 'live') return { kind: 'closed', status: o.status };
  // A paced gift with a release to come says when to come back (ADR 0063), never a bare "all taken".
  if (o.gift.left === 0 && typeof o.gift.nextReleaseAt === 'number') {
    return { kind: 'paced-out', releaseAt: o.gift.nextReleaseAt };
  }
  if (o.gift.left === 0) return { kind: 'sold-out' };
  return { kind: 'open' };
}

/** The claimed card's stamp and line: held for a bank approver, refused by one, or in the prize list. */
export function claimText(status: OfferClaim['status']): { stamp: MessageKey; desc: MessageKey } {
  if (status === 'pending_approval') return { stamp: 'growth.claimPending', desc: 'growth.claimPendingDesc' };
  if (status === 'declined') return { stamp: 'growth.claimDeclined', desc: 'growth.claimDeclinedDesc' };
  return { stamp: 'growth.claimed', desc: 'growth.claimedDesc' };
}

export const BLOCK_TEXT: Readonly<Record<OfferBlock, { title: MessageKey; desc: MessageKey }>> = {
  corp: { title: 'growth.blocked.corp', desc: 'growth.blocked.corpDesc' },
  cgroup: { title: 'growth.blocked.cgroup', desc: 'growth.blocked.cgroupDesc' },
  'not-new': { title: 'growth.blocked.not-new', desc: 'growth.blocked.not-newDesc' },
  'not-first-use': { title: 'growth.blocked.not-first-use', desc: 'growth.blocked.not-first-useDesc' },
};

export const CLOSED_TEXT: Readonly<Record<'scheduled' | 'ended' | 'paused' | 'draft', MessageKey>> = {
  scheduled: 'growth.state.scheduled',
  ended: 'growth.state.ended',
  paused: 'growth.state.paused',
  draft: 'growth.notFound',
};

/** The invite token a link carried (`?invite=`), when it looks like one (the server decides the rest). */
export function inviteTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('invite');
  return token && /^[\w-]{10,400}\.[\w-]{20,100}$/.test(token) ? token : null;
}

/** The share page of an offer, and the offer page of a share page. */
export const sharePath = (actId: string) => `/newCustomersShare?actId=${encodeURIComponent(actId)}`;
export const offerPath = (actId: string) => `/newCustomers?actId=${encodeURIComponent(actId)}`;

/** An SVG document as an image source (the QR code the server drew). */
export const svgDataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
