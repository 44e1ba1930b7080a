import type { Offer, OfferType } from '@campaign/contract/client';
import { useEffect, useRef, useState } from 'react';
import { mutateEndpoint, useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { queryClient } from '#web/api/query-client';
import { useSession } from '#web/api/session';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { releaseWhen } from '#web/shared/lib/release-when';
import { Link, useLocation, useSearchParams } from '#web/shared/navigation/navigation';
import { PRIZES_PATH } from '#web/shared/navigation/paths';
import { ActionButton } from '#web/shared/ui/action-button';
import { copyText } from '#web/shared/ui/copy-text';
import { Icon } from '#web/shared/ui/icon';
import { GiftArt } from '../components/growth-art';
import { GrowthPage, GrowthState, LoginCard } from '../components/growth-frame';
import { t } from '../messages';
import { CLOSED_TEXT, claimText, inviteTokenOf, offerPhase, sharePath } from '../model/offer-view';

const OFFER_NOT_FOUND = 4001;

/**
 * An invite link's token, presented once the invitee is logged in (the server counts it at most once);
 * what came of it shows as a line on the page, never as a toast.
 */
function useInviteLanding(enabled: boolean) {
  const location = useLocation();
  const token = inviteTokenOf(location.search);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!enabled || !token) return;
    let live = true;
    mutateEndpoint(queryClient, 'inviteAccept', { body: { token }, quiet: true }).then(
      () => live && setNote({ ok: true, text: t('growth.invited') }),
      (error: unknown) => live && setNote({ ok: false, text: error instanceof CallFailure ? error.detail : '' }),
    );
    return () => {
      live = false;
    };
  }, [enabled, token]);
  return note;
}

function GiftCard({ offer }: { offer: Offer }) {
  const since = formatDate(offer.newSince, 'YYYY-MM-DD');
  return (
    <section className="gr-card gr-gift" aria-labelledby="gr-gift-name">
      <p className="gr-gift__label">{t('growth.giftLabel')}</p>
      <div className="gr-ticket">
        <div className="gr-ticket__value">
          {offer.gift.valueCents > 0 ? (
            <b>{yuan(offer.gift.valueCents)}</b>
          ) : (
            <img src={imageUrl(offer.gift.image)} alt="" />
          )}
        </div>
        <div className="gr-ticket__main">
          <h2 id="gr-gift-name">{offer.gift.name}</h2>
          {offer.gift.left !== null ? <small>{t('growth.left', { n: offer.gift.left })}</small> : null}
        </div>
      </div>
      <p className="gr-rule">
        <Icon name="check" size="1.2rem" />
        {offer.type === 'newCustomer'
          ? t('growth.ruleNew', { date: since })
          : t('growth.ruleFirstUse', { date: since })}
      </p>
    </section>
  );
}

function Claimed({ offer }: { offer: Offer }) {
  const claim = offer.claim;
  if (!claim) return null;
  const text = claimText(claim.status);
  return (
    <section className="gr-card gr-claimed" data-testid="offer-claimed" data-status={claim.status} role="status">
      <span className="gr-claimed__stamp">{t(text.stamp)}</span>
      <h2>{claim.prizeName}</h2>
      <p>{t(text.desc, { date: formatDate(claim.claimedAt, 'YYYY-MM-DD HH:mm') })}</p>
      {claim.couponCode ? (
        <button type="button" className="gr-code" onClick={() => void copyText(claim.couponCode ?? '')}>
          <span>{t('growth.code')}</span>
          <code data-testid="offer-code">{claim.couponCode}</code>
          <span>{t('act.copy')}</span>
        </button>
      ) : null}
      <Link className="gr-btn gr-btn--ghost" to={PRIZES_PATH}>
        {t('growth.myPrizes')}
      </Link>
    </section>
  );
}

function ClaimPanel({ offer }: { offer: Offer }) {
  const claim = useEndpointMutation('offerClaim', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['offerDetail'] }),
  });
  const phase = offerPhase(offer);
  if (phase.kind === 'claimed') return <Claimed offer={offer} />;
  if (phase.kind === 'blocked') return <GrowthState reason={phase.reason} />;
  if (phase.kind === 'closed') return <GrowthState title={t(CLOSED_TEXT[phase.status])} />;
  const label =
    phase.kind === 'sold-out'
      ? t('growth.soldOut')
      : phase.kind === 'paced-out'
        ? t('growth.pacedBack', { when: releaseWhen(phase.releaseAt, Date.now()).when })
        : t('growth.claim');
  return (
    <div className="gr-cta-bar">
      <ActionButton
        className="gr-btn gr-btn--big"
        data-testid="offer-claim"
        data-state={phase.kind}
        disabled={phase.kind === 'sold-out' || phase.kind === 'paced-out' || claim.isPending}
        onAction={() => claim.mutate({ body: { actId: offer.actId } })}
      >
        {label}
      </ActionButton>
    </div>
  );
}

/**
 * A paced gift's next release (ADR 0063): the offer is read again then, each phone after its own second or so, so
 * the button turns back to 立即领取 without a reload and the crowd does not ask in one millisecond.
 */
function useRefetchAtRelease(phase: ReturnType<typeof offerPhase> | null, refetch: () => void) {
  const at = phase?.kind === 'paced-out' ? phase.releaseAt : null;
  const again = useRef(refetch);
  again.current = refetch;
  useEffect(() => {
    if (at === null) return;
    const wait = Math.max(0, at - Date.now()) + 300 + Math.floor(Math.random() * 1200);
    const timer = setTimeout(() => again.current(), Math.min(wait, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [at]);
}

function OfferBody({ actId, type }: { actId: string; type: OfferType }) {
  const detail = useEndpointQuery(
    'offerDetail',
    { query: { actId } },
    { meta: { quiet: true }, enabled: actId !== '' },
  );
  const note = useInviteLanding(detail.isSuccess);
  const o = detail.data;
  useRefetchAtRelease(o ? offerPhase(o) : null, () => void detail.refetch());
  const tag = t(type === 'newCustomer' ? 'growth.newCustomerTag' : 'growth.newUserTag');
  if (!o) {
    const missing = actId === '' || (detail.isError && detail.error.code === OFFER_NOT_FOUND);
    return (
      <GrowthPage
        tag={tag}
        title={t(type === 'newCustomer' ? 'title.newCustomers' : 'title.newUser')}
        art={<GiftArt />}
      >
        {missing ? (
          <GrowthState title={t('growth.notFound')} />
        ) : detail.isError ? (
          <GrowthState title={t('sub.loadFailed')} desc={detail.error.detail} />
        ) : (
          <div className="gr-card gr-skeleton" role="status" aria-busy="true" aria-label={t('request.loading')} />
        )}
      </GrowthPage>
    );
  }
  const blocked = offerPhase(o).kind === 'blocked';
  return (
    <GrowthPage
      tag={tag}
      title={o.title}
      subtitle={o.subtitle}
      colors={{ primary: o.page.primaryColor, background: o.page.backgroundColor }}
      art={<GiftArt />}
    >
      {note ? (
        <p className={note.ok ? 'gr-note' : 'gr-note is-warn'} data-testid="invite-note" role="status">
          {note.text}
        </p>
      ) : null}
      {blocked ? null : <GiftCard offer={o} />}
      <ClaimPanel offer={o} />
      {o.invites && !blocked ? (
        <Link className="gr-invite-link" to={sharePath(o.actId)} data-testid="offer-invite">
          <Icon name="gift" size="1.4rem" /> {t('growth.inviteCta')}
          <Icon name="chevron-right" size="1.2rem" />
        </Link>
      ) : null}
      {blocked ? null : (
        <section className="gr-card gr-rules" aria-labelledby="gr-rules-title">
          <h2 id="gr-rules-title">{t('growth.rules')}</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rules HTML is sanitised server-side */}
          <div className="gr-rules__html" dangerouslySetInnerHTML={{ __html: o.rulesHtml }} />
        </section>
      )}
    </GrowthPage>
  );
}

function OfferScreen({ type }: { type: OfferType }) {
  const [params] = useSearchParams();
  const session = useSession();
  const actId = params.get('actId') ?? '';
  if (session === null) {
    return (
      <GrowthPage
        tag={t(type === 'newCustomer' ? 'growth.newCustomerTag' : 'growth.newUserTag')}
        title={t(type === 'newCustomer' ? 'title.newCustomers' : 'title.newUser')}
        art={<GiftArt />}
      >
        <LoginCard />
      </GrowthPage>
    );
  }
  if (session === undefined) return <div className="gr-page" aria-busy="true" />;
  return <OfferBody actId={actId} type={type} />;
}

/** /newCustomers?actId=…[&invite=…]: the new-customer offer (an invite link lands here). */
export function NewCustomersScreen() {
  return <OfferScreen type="newCustomer" />;
}

/** /newUser?actId=…: the first-use offer. */
export function NewUserScreen() {
  return <OfferScreen type="newUser" />;
}
