import { createHmac, randomBytes } from 'node:crypto';
import {
  type ActivityDetail,
  type InviteLink,
  type InviteSuccess,
  type InviteTask,
  isOfferType,
  maskMobile,
  type Offer,
  type OfferBlock,
  type OfferClaim,
  type OfferType,
} from '@campaign/contract';
import QRCode from 'qrcode';
import { type Step, type TxExec, transact } from '../../db/tx';
import { campaignDay } from '../../platform/campaign-day';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import { type Corp, memberCgroups } from '../../platform/tenancy';
import { openInvite, signInvite } from './invite-token';
import type { InviteTaskPort, OfferCataloguePort, OfferPrizesPort } from './ports';
import * as repo from './repo';

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

export function createGrowthService(
  deps: ServiceDeps<'growth'> & {
    catalogue: OfferCataloguePort;
    prizes: OfferPrizesPort;
    /** The season's tasks; wired by createServices when the season module is there. */
    inviteTasks?: InviteTaskPort;
  },
) {
  const { database, clock, catalogue, prizes, log } = deps;
  const db = database.db;
  // Invite links are signed with a key derived from the server's key (one key for every worker and node).
  const inviteKey = createHmac('sha256', deps.config.encryptionKey ?? randomBytes(32))
    .update('campaign-h5 invite links v1')
    .digest();

  /** The offer activity (not a game): anything else is "no such offer". */
  async function offerActivity(corp: Corp, actId: string): Promise<ActivityDetail & { type: OfferType }> {
    let d: ActivityDetail;
    try {
      d = await catalogue.detail(corp, actId);
    } catch (e) {
      if (e instanceof AppError && e.errorName === 'ACTIVITY_NOT_FOUND') throw new AppError('OFFER_NOT_FOUND');
      throw e;
    }
    const { type } = d;
    if (!isOfferType(type)) throw new AppError('OFFER_NOT_FOUND');
    return { ...d, type };
  }

  /** Since when a customer counts as new for this offer (ADR 0201). */
  function newSince(act: ActivityDetail, since: number | null): number {
    return act.type === 'newCustomer' && since !== null ? since : act.startsAt;
  }

  /**
   * The gate every growth screen and call shares (spec §6): the corp must be on the white list, the
   * customer in one of the activity's customer groups (when it names some) and new by join date.
   */
  async function gate(corp: Corp, user: RequestUser, act: ActivityDetail & { type: OfferType }) {
    const stored = await catalogue.visible(corp.id, act.actId);
    const e = stored.eligibility;
    const { joinedAt: joined } = await catalogue.joinDate(corp, user, act.actId);
    const since = newSince(act, e.newCustomersSince);
    let blocked: OfferBlock | null = null;
    if (!corp.whiteListed) blocked = 'corp';
    else if (e.blacklist.includes(user.nuid)) blocked = 'cgroup';
    else if (e.cgroupIds.length && (await memberCgroups(db, corp.id, user.id, e.cgroupIds)).length === 0)
      blocked = 'cgroup';
    else if (joined < since) blocked = act.type === 'newCustomer' ? 'not-new' : 'not-first-use';
    const gift = stored.prizes.find((p) => p.consolation !== 1 && p.kind !== 'thanks');
    if (!gift) throw new AppError('OFFER_NOT_FOUND');
    return { blocked, joined, since, gift };
  }

  function assertLive(act: ActivityDetail) {
    if (act.status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
    if (act.status === 'ended') throw new AppError('ACTIVITY_ENDED');
    if (act.status === 'paused') throw new AppError('ACTIVITY_PAUSED');
    if (act.status !== 'live') throw new AppError('OFFER_NOT_FOUND');
  }

  async function claimView(corp: Corp, user: RequestUser, act: ActivityDetail): Promise<OfferClaim | null> {
    const c = await repo.claimOf(db, corp.id, act.actId, user.id);
    if (!c) return null;
    return {
      awardId: c.award_id,
      claimedAt: Number(c.created_at),
      prizeName: act.prizes.find((p) => p.id === c.prize_id)?.name ?? '',
      couponCode: c.coupon_code,
      status: c.status,
    };
  }

  /** The offer an invite task belongs to, with its invite setup. */
  async function inviteActivity(corp: Corp, actId: string) {
    const act = await offerActivity(corp, actId);
    const setup = await repo.setup(db, corp.id, act.actId);
    if (!setup) throw new AppError('INVITE_NOT_SET_UP');
    return { act, setup };
  }

  /** The inviter's gate: the corp and customer-group rules (an inviter need not be new). */
  async function inviterBlock(corp: Corp, user: RequestUser, act: ActivityDetail & { type: OfferType }) {
    const g = await gate(corp, user, act);
    return g.blocked === 'not-new' || g.blocked === 'not-first-use' ? null : g.blocked;
  }

  return {
    async offer(corp: Corp, user: RequestUser, actId: string): Promise<Offer> {
      const act = await offerActivity(corp, actId);
      const [g, claim, setup, stock] = await Promise.all([
        gate(corp, user, act),
        claimView(corp, user, act),
        repo.setup(db, corp.id, act.actId),
        catalogue.stockLeft(corp.id, act.actId),
      ]);
      const pub = act.prizes.find((p) => p.id === g.gift.id);
      return {
        actId: act.actId,
        type: act.type,
        title: act.title,
        subtitle: act.subtitle,
        status: act.status,
        startsAt: act.startsAt,
        endsAt: act.endsAt,
        rulesHtml: act.rulesHtml,
        page: act.page,
        gift: {
          prizeId: g.gift.id,
          name: pub?.name ?? '',
          image: pub?.image ?? '',
          kind: pub?.kind ?? 'coupon',
          valueCents: pub?.valueCents ?? 0,
          left: stock.find((s) => s.prizeId === g.gift.id)?.left ?? null,
        },
        joinedAt: g.joined,
        newSince: g.since,
        blocked: g.blocked,
        claim,
        invites: Boolean(setup),
      };
    },

    /**
     * Claimed once per customer: the claim row's key decides between simultaneous claims, and the gift's
     * stock and award are taken in the same transaction, so a refused or lost claim leaves nothing behind.
     */
    async claim(corp: Corp, user: RequestUser, actId: string): Promise<{ claim: OfferClaim; replayed: boolean }> {
      const act = await offerActivity(corp, actId);
      const before = await claimView(corp, user, act);
      if (before) return { claim: before, replayed: true };
      assertLive(act);
      const g = await gate(corp, user, act);
      if (g.blocked) throw new AppError('OFFER_NOT_ELIGIBLE');
      const now = clock();
      const gift = {
        id: g.gift.id,
        name: g.gift.name,
        kind: g.gift.kind,
        points: g.gift.points,
        valueCents: g.gift.value_cents,
      };
      const shown = { activityTitle: act.title, customer: maskMobile(user.mobile) };
      const won = yieldClaim(corp.id, act.actId, user.id, gift, shown, now);
      const fresh = await transact(database, won);
      const after = await claimView(corp, user, act);
      if (!after) throw new AppError('INTERNAL', 'offer claim not found after commit');
      return { claim: after, replayed: !fresh };
    },

    async inviteTask(corp: Corp, user: RequestUser, actId: string): Promise<InviteTask> {
      const { act, setup } = await inviteActivity(corp, actId);
      const day = campaignDay(clock());
      const t = await repo.tallies(db, corp.id, act.actId, user.id, [day, 'season']);
      return {
        actId: act.actId,
        perDay: setup.per_day,
        perSeason: setup.per_season,
        countedToday: t.get(day) ?? 0,
        countedSeason: t.get('season') ?? 0,
        linkTtlHours: setup.link_ttl_hours,
        endsAt: act.endsAt,
        blocked: await inviterBlock(corp, user, act),
      };
    },

    /**
     * A signed link that expires (never after the season ends) and its QR code. The QR points only at the
     * corp's own H5: this service's origin (`serving`) or one of the corp's `h5Origins`.
     */
    async inviteLink(
      corp: Corp,
      user: RequestUser,
      actId: string,
      origin: string,
      serving: string,
    ): Promise<InviteLink> {
      if (!isOwnOrigin(origin, serving, corp.h5Origins ?? [], deps.config.env === 'production')) {
        throw new AppError('INVITE_ORIGIN_REFUSED');
      }
      const { act, setup } = await inviteActivity(corp, actId);
      assertLive(act);
      if (await inviterBlock(corp, user, act)) throw new AppError('OFFER_NOT_ELIGIBLE');
      const expiresAt = Math.min(clock() + setup.link_ttl_hours * HOUR_MS, act.endsAt);
      const token = signInvite(inviteKey, { corpId: corp.id, actId: act.actId, inviterId: user.id, expiresAt });
      const path = invitePath(corp.id, act.actId, token);
      const qrSvg = await QRCode.toString(`${origin}${path}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { path, token, expiresAt, qrSvg };
    },

    /**
     * The invitee, logged in, presents the token of the link they opened. Counted when the link is this
     * corp's, signed and unexpired, not their own, the invitee new by join date, nobody invited them before
     * and the inviter is below both caps — all in one transaction (key + conditional tallies).
     */
    async acceptInvite(corp: Corp, user: RequestUser, token: string): Promise<{ actId: string; counted: boolean }> {
      const c = openInvite(inviteKey, token);
      if (!c || c.corpId !== corp.id) throw new AppError('INVITE_LINK_INVALID');
      const now = clock();
      if (now >= c.expiresAt) throw new AppError('INVITE_LINK_EXPIRED');
      if (c.inviterId === user.id) throw new AppError('INVITE_SELF');
      const { act, setup } = await inviteActivity(corp, c.actId);
      assertLive(act);
      const g = await gate(corp, user, act);
      if (g.blocked === 'corp' || g.blocked === 'cgroup') throw new AppError('OFFER_NOT_ELIGIBLE');
      if (g.blocked) throw new AppError('INVITE_NOT_NEW');
      const existing = await repo.inviterOf(db, corp.id, act.actId, user.id);
      if (existing) {
        if (existing === c.inviterId) return { actId: act.actId, counted: false };
        throw new AppError('INVITE_TAKEN');
      }
      const key = { corp: corp.id, act: act.actId, inviter: c.inviterId };
      const counted = await transact(database, function* (x) {
        const row = { corp_id: corp.id, act_id: act.actId, invitee_id: user.id, inviter_id: c.inviterId };
        if (!(yield* repo.insertInvite(x, { ...row, day: campaignDay(now), created_at: now }))) return false;
        if (!(yield* repo.bumpTally(x, { ...key, period: campaignDay(now) }, setup.per_day)))
          throw new AppError('INVITE_CAP');
        if (!(yield* repo.bumpTally(x, { ...key, period: 'season' }, setup.per_season)))
          throw new AppError('INVITE_CAP');
        return true;
      });
      if (!counted) {
        // Someone else's link won the race for this invitee (or this one, arriving twice).
        const winner = await repo.inviterOf(db, corp.id, act.actId, user.id);
        if (winner !== c.inviterId) throw new AppError('INVITE_TAKEN');
        return { actId: act.actId, counted: false };
      }
      try {
        await deps.inviteTasks?.inviteCounted(corp.id, c.inviterId, user.id, now);
      } catch (err) {
        log.error({ err, corpId: corp.id, actId: act.actId }, 'the season was not told of a counted invite');
      }
      return { actId: act.actId, counted: true };
    },

    async inviteSuccess(corp: Corp, user: RequestUser, actId: string): Promise<InviteSuccess> {
      const { act } = await inviteActivity(corp, actId);
      const [list, total] = await Promise.all([
        repo.invitesBy(db, corp.id, act.actId, user.id),
        repo.countInvitesBy(db, corp.id, act.actId, user.id),
      ]);
      return {
        total,
        list: list.map((r) => ({
          inviteeMasked: r.mobile ? maskMobile(r.mobile) : `${r.nuid.slice(0, 3)}****`,
          countedAt: Number(r.created_at),
        })),
      };
    },
  };

  /** The claim transaction: the claim row first (its key decides), then stock, then the award. */
  function yieldClaim(
    corpId: string,
    actId: string,
    userId: string,
    gift: Parameters<OfferPrizesPort['award']>[1]['prize'],
    shown: Parameters<OfferPrizesPort['award']>[1]['shown'],
    now: number,
  ) {
    return function* (x: TxExec): Step<boolean> {
      const drawId = `offer:${corpId}:${actId}:${userId}`;
      const fresh = yield* repo.insertClaim(x, {
        corp_id: corpId,
        act_id: actId,
        user_id: userId,
        award_key: drawId,
        created_at: now,
      });
      // A concurrent claim got there first: nothing more is written, its claim is the answer.
      if (!fresh) return false;
      if (!(yield* catalogue.takeStock(x, corpId, actId, gift.id))) throw new AppError('OFFER_SOLD_OUT');
      const award = yield* prizes.award(x, { corpId, userId, actId, drawId, prize: gift, now, shown });
      if (!award) throw new AppError('OFFER_NOT_FOUND', 'the offer gives nothing');
      return true;
    };
  }
}
export type GrowthService = ReturnType<typeof createGrowthService>;
