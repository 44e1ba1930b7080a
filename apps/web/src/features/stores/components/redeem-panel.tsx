import type { RouteData } from '@campaign/contract/client';
import { useCallback, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { StaffGate } from '#web/api/staff-gate';
import { groupCode } from '#web/shared/lib/code-format';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { Icon } from '#web/shared/ui/icon';
import { SubLoading, SubState } from '#web/shared/ui/sub-page';
import { t } from '../messages';
import { canScan, QrScanner } from './qr-scanner';

type Ticket = RouteData<'redeemLookup'>;

function RedemptionLine({ r }: { r: NonNullable<Ticket['redemption']> }) {
  return (
    <p className="redeem-ticket__by" data-testid="redeem-by">
      {t('redeem.doneAt', { at: formatDate(r.at, 'YYYY-MM-DD HH:mm'), staff: r.staffName, store: r.storeName })}
    </p>
  );
}
/** The ticket as the clerk checks it: prize, stamp and facts. */
function TicketFacts({ ticket, status }: { ticket: Ticket; status: string }) {
  return (
    <>
      <div className="redeem-ticket__top">
        <img src={imageUrl(ticket.image)} alt="" />
        <div>
          <p className="redeem-ticket__act">{ticket.activityTitle}</p>
          <h2 className="redeem-ticket__name">{ticket.prizeName}</h2>
          {ticket.valueCents > 0 ? <p className="redeem-ticket__value">{yuan(ticket.valueCents)}</p> : null}
        </div>
        <span className={`redeem-stamp is-${status}`}>
          {ticket.redemption
            ? t('redeem.already')
            : ticket.state === 'unused'
              ? ticket.redeemableHere
                ? t('redeem.redeemable')
                : t('redeem.notHere')
              : t(`coupon.state.${ticket.state}`)}
        </span>
      </div>
      <dl className="redeem-ticket__facts">
        <div>
          <dt>{t('redeem.code')}</dt>
          <dd>
            <code>{groupCode(ticket.code)}</code>
          </dd>
        </div>
        <div>
          <dt>{t('redeem.customer', { mobile: '' })}</dt>
          <dd>{ticket.customer}</dd>
        </div>
        {ticket.validUntil ? (
          <div>
            <dt>{t('redeem.validUntil', { at: '' })}</dt>
            <dd>{formatDate(ticket.validUntil, 'YYYY-MM-DD HH:mm')}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** An expired ticket: ask for an exception, with a reason. */
function ExceptionForm({ body }: { body: { code: string; storeId: string } }) {
  const exception = useEndpointMutation('redeemException');
  const [reason, setReason] = useState('');
  return exception.isSuccess ? (
    <p className="redeem-sent" role="status" data-testid="redeem-sent">
      <Icon name="check" size="1.3rem" />
      {t('redeem.sent')}
    </p>
  ) : (
    <form
      className="redeem-exception"
      onSubmit={(e) => {
        e.preventDefault();
        exception.mutate({ body: { ...body, reason }, quiet: true });
      }}
    >
      <label>
        {t('redeem.reason')}
        <textarea
          value={reason}
          rows={2}
          maxLength={200}
          placeholder={t('redeem.reasonPh')}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {exception.error ? (
        <p className="redeem-error" role="alert">
          {exception.error.detail}
        </p>
      ) : null}
      <button type="submit" className="btn btn-ghost" disabled={reason.trim().length < 2 || exception.isPending}>
        {t('redeem.exception')}
      </button>
    </form>
  );
}

function TicketCard({
  ticket,
  storeId,
  onRedeemed,
}: {
  ticket: Ticket;
  storeId: string;
  onRedeemed: (t: Ticket) => void;
}) {
  const redeem = useEndpointMutation('redeemTicket');
  const body = { code: ticket.code, storeId };
  const status = ticket.redemption ? 'redeemed' : ticket.state;
  return (
    <section className={`sub-card redeem-ticket is-${status}`} data-testid="redeem-ticket" data-state={status}>
      <TicketFacts ticket={ticket} status={status} />
      {ticket.redemption ? <RedemptionLine r={ticket.redemption} /> : null}
      {redeem.error ? (
        <p className="redeem-error" role="alert" data-testid="redeem-error">
          {redeem.error.detail}
        </p>
      ) : null}
      {!ticket.redemption && ticket.state === 'unused' && ticket.redeemableHere ? (
        <button
          type="button"
          className="sub-cta"
          data-testid="redeem-do"
          disabled={redeem.isPending}
          onClick={() => redeem.mutate({ body, quiet: true }, { onSuccess: onRedeemed })}
        >
          {t('redeem.do')}
        </button>
      ) : null}
      {!ticket.redemption && ticket.state === 'expired' && ticket.redeemableHere ? <ExceptionForm body={body} /> : null}
    </section>
  );
}

/** The clerk's counter: a staff session first (the host app's staff ticket, or pasted), then the desk. */
export function RedeemPanel() {
  return <StaffGate>{() => <Desk />}</StaffGate>;
}
/** The store chosen and the code, typed or scanned. */
function CodeForm(props: {
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  onFind: (code: string) => void;
  onScan: () => void;
}) {
  const { code, setCode, busy, onFind, onScan } = props;
  return (
    <form
      className="redeem-code"
      onSubmit={(e) => {
        e.preventDefault();
        onFind(code);
      }}
    >
      <label className="redeem-field">
        <span>{t('redeem.code')}</span>
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('redeem.codePh')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          data-testid="redeem-code"
        />
      </label>
      <div className="redeem-code__actions">
        {canScan() ? (
          <button type="button" className="btn btn-ghost" onClick={onScan}>
            {t('redeem.scan')}
          </button>
        ) : null}
        <button type="submit" className="sub-cta" disabled={!code.trim() || busy} data-testid="redeem-lookup">
          {t('redeem.lookup')}
        </button>
      </div>
    </form>
  );
}

/** Which store, the code (typed or scanned), the ticket, redeem once. */
function Desk() {
  const me = useEndpointQuery('storeAuthUserInfo', { body: {} }, { meta: { quiet: true }, retry: false });
  const [storeId, setStoreId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const lookup = useEndpointMutation('redeemLookup');
  const store = storeId ?? me.data?.stores[0]?.storeId ?? null;
  const find = useCallback(
    (value: string) => {
      if (!store || !value.trim()) return;
      setTicket(null);
      lookup.mutate({ body: { code: value, storeId: store }, quiet: true }, { onSuccess: setTicket });
    },
    [lookup.mutate, store],
  );
  const scanned = useCallback(
    (value: string) => {
      setScanning(false);
      setCode(groupCode(value));
      find(value);
    },
    [find],
  );
  if (me.isPending) return <SubLoading rows={2} />;
  if (me.isError)
    return (
      <SubState
        icon="lock"
        title={t('redeem.staffOnly')}
        desc={me.error.status === 403 ? t('redeem.staffOnlyDesc') : me.error.detail}
        testId="redeem-staff-only"
      />
    );
  const staff = me.data;
  return (
    <>
      <section className="sub-card redeem-desk" data-testid="redeem-desk">
        <p className="redeem-desk__who">
          <Icon name="shield" size="1.4rem" />
          <b>{staff.name}</b>
          <span>{staff.roles.map((r) => t(`redeem.role.${r}`)).join(' · ')}</span>
        </p>
        <label className="redeem-field">
          <span>{t('redeem.store')}</span>
          <select value={store ?? ''} onChange={(e) => setStoreId(e.target.value)} data-testid="redeem-store">
            {staff.stores.map((s) => (
              <option key={s.storeId} value={s.storeId}>
                {s.cityName} · {s.name}
              </option>
            ))}
          </select>
        </label>
        <CodeForm
          code={code}
          setCode={setCode}
          busy={lookup.isPending}
          onFind={find}
          onScan={() => setScanning(true)}
        />
        {scanning ? <QrScanner onCode={scanned} onClose={() => setScanning(false)} /> : null}
        {lookup.error ? (
          <p className="redeem-error" role="alert" data-testid="redeem-lookup-error">
            {lookup.error.detail}
          </p>
        ) : null}
      </section>
      {ticket && store ? <TicketCard key={ticket.code} ticket={ticket} storeId={store} onRedeemed={setTicket} /> : null}
    </>
  );
}
