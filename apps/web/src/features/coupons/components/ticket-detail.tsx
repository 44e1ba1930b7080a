import type { RouteData } from '@campaign/contract/client';
import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import type { CallFailure } from '#web/api/errors';
import { formatDate } from '#web/shared/lib/format-date';
import { yuan } from '#web/shared/lib/money';
import { Link } from '#web/shared/navigation/navigation';
import { copyText } from '#web/shared/ui/copy-text';
import { showToast } from '#web/shared/ui/feedback';
import { Modal } from '#web/shared/ui/modal';
import { t } from '../messages';
import { groupCode, qrImageSrc } from '../model/coupon-view';

export interface TicketDetailProps {
  couponId: string | null;
  onClose: () => void;
  /** The chat-platform page: failures are shown in the sheet, never as a toast (spec §8). */
  inline: boolean;
}

type Ticket = RouteData<'myTicketDetail'>;

/** The code as a QR (stamped once used or expired), readable and copyable, and its validity. */
function TicketFace({ ticket }: { ticket: Ticket }) {
  return (
    <>
      <p className="ticket__kicker">{ticket.activityTitle}</p>
      <h2 className="ticket__name">{ticket.prizeName}</h2>
      {ticket.valueCents > 0 ? <p className="ticket__value">{yuan(ticket.valueCents)}</p> : null}
      <div className={ticket.state === 'unused' ? 'ticket__qr' : 'ticket__qr is-void'}>
        <img src={qrImageSrc(ticket.qrSvg)} alt={t('coupon.qrAlt', { code: ticket.code })} data-testid="ticket-qr" />
        {ticket.state !== 'unused' ? <span className="ticket__stamp">{t(`coupon.state.${ticket.state}`)}</span> : null}
      </div>
      <button
        type="button"
        className="ticket__code"
        onClick={() => void copyText(ticket.code)}
        data-testid="ticket-code"
      >
        <code>{groupCode(ticket.code)}</code>
        <span>{t('act.copy')}</span>
      </button>
      <p className="ticket__hint">
        {ticket.state === 'unused'
          ? ticket.validUntil
            ? t('coupon.validUntil', { at: formatDate(ticket.validUntil, 'YYYY-MM-DD HH:mm') })
            : t('coupon.noEnd')
          : ticket.usedAt
            ? t('coupon.usedAt', { at: formatDate(ticket.usedAt, 'YYYY-MM-DD HH:mm') })
            : t('coupon.expiredHint')}
      </p>
      {ticket.usageRules.length > 0 ? (
        <section className="ticket__usage" aria-label={t('coupon.usageTitle')} data-testid="ticket-usage">
          <h3>{t('coupon.usageTitle')}</h3>
          <ol>
            {ticket.usageRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** "Used at the store", confirmed first: marking a ticket used cannot be undone. */
function UseTicket(props: {
  ticket: Ticket;
  confirming: boolean;
  busy: boolean;
  onConfirm: (yes: boolean) => void;
  onUse: () => void;
}) {
  const { ticket, confirming, busy, onConfirm, onUse } = props;
  return (
    <>
      <p className="ticket__how">
        {t('coupon.showAtStore')}{' '}
        <Link
          to={`/lottStore?actId=${encodeURIComponent(ticket.actId)}&prize=${encodeURIComponent(ticket.prizeName)}`}
          data-testid="ticket-stores"
        >
          {t('coupon.stores')}
        </Link>
      </p>
      {confirming ? (
        <div className="ticket__confirm" data-testid="ticket-confirm">
          <p role="alert">{t('coupon.confirmUse')}</p>
          <div className="ticket__confirm-actions">
            <button type="button" className="btn btn-ghost" onClick={() => onConfirm(false)}>
              {t('prizes.cancel')}
            </button>
            <button type="button" className="sub-cta" data-testid="ticket-use-ok" disabled={busy} onClick={onUse}>
              {t('prizes.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="sub-cta"
          data-testid="ticket-use"
          disabled={busy}
          onClick={() => onConfirm(true)}
        >
          {t('coupon.markUsed')}
        </button>
      )}
    </>
  );
}

/** "My ticket detail": the code readable and copyable, its QR for a store, and "used at the store". */
export function TicketDetail({ couponId, onClose, inline }: TicketDetailProps) {
  const detail = useEndpointQuery(
    'myTicketDetail',
    { body: { couponId: couponId ?? '' } },
    {
      enabled: couponId !== null,
      meta: { quiet: true },
      staleTime: 0,
    },
  );
  const use = useEndpointMutation('couponUse');
  // Marking a ticket used cannot be undone: the customer confirms it, with the code still on screen.
  const [confirming, setConfirming] = useState(false);
  const ticket = detail.data;
  const markUsed = async () => {
    setConfirming(false);
    if (!ticket) return;
    try {
      await use.mutateAsync({ body: { couponId: ticket.couponId, channel: 'store' }, quiet: inline });
      if (!inline) showToast(t('coupon.usedDone'));
    } catch {
      // Toasted by the request layer, or shown below on the chat-platform page.
    }
  };
  const failure: CallFailure | null = use.error ?? (detail.isError ? detail.error : null);
  return (
    <Modal
      open={couponId !== null}
      onClose={onClose}
      width="88%"
      height="auto"
      className="ticket-modal"
      ariaLabel={ticket?.prizeName ?? t('coupon.title')}
    >
      <div className="ticket" data-testid="ticket-detail" data-state={ticket?.state}>
        {ticket ? (
          <>
            <TicketFace ticket={ticket} />
            {ticket.state === 'unused' ? (
              <UseTicket
                ticket={ticket}
                confirming={confirming}
                busy={use.isPending}
                onConfirm={setConfirming}
                onUse={() => void markUsed()}
              />
            ) : null}
          </>
        ) : detail.isError ? null : (
          <div className="ticket__loading" role="status" aria-busy="true" aria-label={t('request.loading')} />
        )}
        {failure && inline ? (
          <p className="ticket__error" role="alert" data-testid="ticket-error">
            {failure.detail}
          </p>
        ) : null}
        {detail.isError && !inline ? <p className="ticket__error">{detail.error.detail}</p> : null}
      </div>
    </Modal>
  );
}
