import type { Offer } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import { pacedLeftNow } from '../../platform/stock-pace';
import type { Corp } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';
import { claimView, gate, offerActivity } from './offer-gate';
import * as repo from './repo';

/** The offer's page: the gift and its stock, whether this customer may claim it, their claim if any. */
export async function showOffer(deps: GrowthServiceDeps, corp: Corp, user: RequestUser, actId: string): Promise<Offer> {
  const act = await offerActivity(deps, corp, actId);
  const [g, claim, setup, stock] = await Promise.all([
    gate(deps, corp, user, act),
    claimView(deps, corp, user, act),
    repo.setup(deps.database.db, corp.id, act.actId),
    deps.catalogue.stockLeft(corp.id, act.actId),
  ]);
  const pub = act.prizes.find((p) => p.id === g.gift.id);
  const left = stock.find((s) => s.prizeId === g.gift.id)?.left ?? null;
  const paced =
    pub?.release && pub.totalStock !== null && left !== null
      ? await pacedLeftNow(
          deps.catalogue,
          { corpId: corp.id, actId: act.actId, prizeId: g.gift.id },
          pub.release,
          { total: pub.totalStock, left },
          act,
          deps.clock(),
        )
      : null;
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
      left: paced?.left ?? left,
      ...(paced ? { nextReleaseAt: paced.nextReleaseAt } : {}),
    },
    joinedAt: g.joined,
    newSince: g.since,
    blocked: g.blocked,
    claim,
    invites: Boolean(setup),
  };
}
