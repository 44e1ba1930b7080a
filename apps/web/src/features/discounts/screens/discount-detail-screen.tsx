import { type ReactNode, useMemo, useState } from 'react';
import { mutateEndpoint } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { queryClient } from '#web/api/query-client';
import { BridgeUnavailableError, bridge } from '#web/bridge/bridge';
import { formatDate } from '#web/shared/lib/format-date';
import { centsFromYuan, yuan } from '#web/shared/lib/money';
import { Link } from '#web/shared/navigation/navigation';
import { discountRulePath, homePath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { DiscountFacts } from '../components/discount-facts';
import { useDiscountFromUrl } from '../components/use-discount';
import { t } from '../messages';
import { blocker, type Discount, preview } from '../model/discount-view';
import { type PayDeps, type PayOutcome, payWithDiscount, reportPayment } from '../model/pay-flow';
import './discounts.css';

/** The browser's pieces of the pay flow: the API through the data layer, the host through the bridge. */
function browserPayDeps(idempotencyKey: string): PayDeps {
  return {
    sign: (body) => mutateEndpoint(queryClient, 'discountSignPayment', { body, idempotencyKey, quiet: true }),
    paySign: (signed) => bridge().paySign({ ...signed }),
    consume: (body) => mutateEndpoint(queryClient, 'discountConsume', { body, quiet: true }),
    isNoHost: (error) => error instanceof BridgeUnavailableError && !bridge().host.embedded,
    // A report whose answer never came (network, 5xx) is sent again; a refusal (a code) is final.
    isTransient: (error) => error instanceof CallFailure && error.code === undefined && (error.status ?? 500) >= 500,
  };
}

function Scope({ discount }: { discount: Discount }) {
  return (
    <section className="sub-card" aria-labelledby="lj-scope">
      <h2 className="sub-card__title" id="lj-scope">
        {t('lijian.scope')}
      </h2>
      <p className="lj-scope__label">{t('lijian.cards')}</p>
      <ul className="lj-chips">
        {discount.validCards.length === 0 ? <li>{t('lijian.anyCard')}</li> : null}
        {discount.validCards.map((c) => (
          <li key={c.bin}>
            {c.label} <small>{c.bin}</small>
          </li>
        ))}
      </ul>
      <p className="lj-scope__label">{t('lijian.merchants')}</p>
      <ul className="lj-chips">
        {discount.validMerchants.length === 0 ? <li>{t('lijian.anyMerchant')}</li> : null}
        {discount.validMerchants.map((m) => (
          <li key={m.id}>{m.name}</li>
        ))}
      </ul>
    </section>
  );
}

function Outcome({ outcome, onRetryReport }: { outcome: PayOutcome; onRetryReport: () => void }) {
  switch (outcome.kind) {
    case 'paid':
      return (
        <section className="sub-card lj-outcome is-paid" data-testid="lijian-paid" role="status">
          <Icon name="order-paid" size="3rem" />
          <h2>{t('lijian.paid')}</h2>
          <p>
            {t('lijian.paidDetail', {
              pay: yuan(outcome.consumption.payCents),
              saved: yuan(outcome.consumption.discountCents),
            })}
          </p>
          <small>{t('lijian.paymentNo', { id: outcome.consumption.paymentId })}</small>
        </section>
      );
    case 'unreported':
      return (
        <section className="sub-card lj-outcome is-warn" role="alert">
          <Icon name="order-pay-failed" size="3rem" />
          <h2>{t('lijian.unreported')}</h2>
          <p>{t('lijian.unreportedDesc')}</p>
          <button type="button" className="btn btn-ghost" onClick={onRetryReport}>
            {t('act.retry')}
          </button>
        </section>
      );
    case 'cancelled':
      return (
        <p className="lj-inline" role="status">
          {t('lijian.cancelled')}
        </p>
      );
    case 'failed':
      return (
        <p className="lj-inline is-error" role="alert">
          {outcome.message || t('lijian.failed')}
        </p>
      );
    case 'no-host':
      return (
        <p className="lj-inline is-error" role="alert" data-testid="lijian-no-host">
          {t('lijian.noHost')}
        </p>
      );
  }
}
/** The payment's inputs, its one idempotency key per inputs, and paying (or reporting a paid one again). */
function usePayment(discount: Discount) {
  const [merchantId, setMerchantId] = useState(discount.validMerchants[0]?.id ?? '');
  // The card is chosen here because the signature binds it (the host pays with the card signed for).
  const [cardBin, setCardBin] = useState(discount.validCards[0]?.bin);
  const [amountText, setAmountText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PayOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const amountCents = centsFromYuan(amountText);
  // One key per payment asked for: tapping "pay" again for the same amount signs the same payment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key exactly when merchant or amount change
  const key = useMemo(() => crypto.randomUUID(), [merchantId, amountCents, cardBin]);

  const pay = async () => {
    if (amountCents === null || !merchantId) return;
    setBusy(true);
    setRefusal(null);
    setOutcome(null);
    try {
      setOutcome(
        await payWithDiscount(browserPayDeps(key), {
          discountId: discount.discountId,
          merchantId,
          amountCents,
          ...(cardBin ? { cardBin } : {}),
        }),
      );
    } catch (error) {
      setRefusal(error instanceof CallFailure ? error.detail : t('lijian.failed'));
    } finally {
      setBusy(false);
    }
  };
  const retryReport = async () => {
    if (outcome?.kind !== 'unreported') return;
    setBusy(true);
    setOutcome(await reportPayment(browserPayDeps(key), outcome.signed));
    setBusy(false);
  };
  return {
    choice: { merchantId, setMerchantId, cardBin, setCardBin, amountText, setAmountText, amountCents },
    busy,
    outcome,
    refusal,
    pay,
    retryReport,
  };
}

type Choice = ReturnType<typeof usePayment>['choice'];

/** The merchant, the card (the signature binds it) and the amount. */
function PayChoices({ discount, choice }: { discount: Discount; choice: Choice }) {
  const { merchantId, setMerchantId, cardBin, setCardBin, amountText, setAmountText, amountCents } = choice;
  return (
    <>
      {discount.validMerchants.length > 0 ? (
        <label className="lj-field">
          <span>{t('lijian.merchant')}</span>
          <select value={merchantId} onChange={(e) => setMerchantId(e.target.value)} data-testid="lijian-merchant">
            {discount.validMerchants.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {discount.validCards.length > 0 ? (
        <label className="lj-field">
          <span>{t('lijian.card')}</span>
          <select value={cardBin} onChange={(e) => setCardBin(e.target.value)} data-testid="lijian-card">
            {discount.validCards.map((c) => (
              <option key={c.bin} value={c.bin}>
                {t('text.withNote', { text: c.label, note: c.bin })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="lj-field">
        <span>{t('lijian.amount')}</span>
        <span className="lj-amount">
          <b>¥</b>
          <input
            inputMode="decimal"
            value={amountText}
            placeholder={t('lijian.amountPlaceholder')}
            onChange={(e) => setAmountText(e.target.value.replace(/[^\d.]/g, ''))}
            data-testid="lijian-amount"
            aria-invalid={amountText !== '' && amountCents === null}
          />
        </span>
      </label>
    </>
  );
}

function PayPanel({ discount }: { discount: Discount }) {
  const { choice, busy, outcome, refusal, pay, retryReport } = usePayment(discount);
  const { merchantId, amountCents } = choice;
  const shown = preview(discount, amountCents);
  const why = blocker(discount);

  if (outcome?.kind === 'paid') return <Outcome outcome={outcome} onRetryReport={() => undefined} />;
  return (
    <section className="sub-card lj-pay" aria-labelledby="lj-pay-title">
      <h2 className="sub-card__title" id="lj-pay-title">
        {t('lijian.payTitle')}
      </h2>
      <PayChoices discount={discount} choice={choice} />
      {shown ? (
        <p className={shown.applies ? 'lj-preview' : 'lj-preview is-short'} data-testid="lijian-preview">
          {shown.applies
            ? t('lijian.preview', { saved: yuan(shown.discountCents), pay: yuan(shown.payCents) })
            : t('lijian.belowThreshold', { min: yuan(discount.thresholdCents) })}
        </p>
      ) : null}
      {outcome ? <Outcome outcome={outcome} onRetryReport={() => void retryReport()} /> : null}
      {refusal ? (
        <p className="lj-inline is-error" role="alert" data-testid="lijian-refusal">
          {refusal}
        </p>
      ) : null}
      {why ? <p className="lj-inline">{t(`lijian.blocked.${why}`)}</p> : null}
      <button
        type="button"
        className="sub-cta"
        data-testid="lijian-pay"
        disabled={busy || why !== null || !shown?.applies || !merchantId}
        onClick={() => void pay()}
      >
        {shown?.applies ? t('lijian.payNow', { pay: yuan(shown.payCents) }) : t('lijian.payButton')}
      </button>
      <p className="lj-secure">
        <Icon name="shield" size="1.1rem" /> {t('lijian.secure')}
      </p>
    </section>
  );
}

/** /lijianDetail?discountId=…: an instant discount — amount, threshold, cards, merchants, window, left today — and paying with it. */
export function DiscountDetailScreen() {
  const { discountId, detail, page } = useDiscountFromUrl();
  const elsewhere = (
    <Link className="btn btn-ghost" to={homePath()}>
      {t('lijian.otherOffers')}
    </Link>
  );
  let body: ReactNode;
  if (page === 'bad-link')
    body = (
      <SubState icon="empty" title={t('lijian.badLink')} desc={t('lijian.badLinkDesc')} testId="lijian-state">
        {elsewhere}
      </SubState>
    );
  else if (page === 'not-found')
    body = (
      <SubState icon="empty" title={t('lijian.notFound')} desc={t('lijian.notFoundDesc')} testId="lijian-state">
        {elsewhere}
      </SubState>
    );
  else if (page === 'ended' && detail.data)
    body = (
      <>
        <SubState
          icon="order-expired"
          title={t('lijian.ended')}
          desc={t('lijian.endedDesc', { at: formatDate(detail.data.endsAt, 'YYYY-MM-DD HH:mm') })}
          testId="lijian-state"
        >
          {elsewhere}
        </SubState>
        <DiscountFacts discount={detail.data} />
      </>
    );
  else if (page === 'show' && detail.data)
    body = (
      <>
        <DiscountFacts discount={detail.data} />
        <PayPanel key={detail.data.discountId} discount={detail.data} />
        <Scope discount={detail.data} />
        <Link className="lj-rule-link" to={discountRulePath(discountId)} data-testid="lijian-rule-link">
          {t('lijian.rules')}
          <Icon name="chevron-right" size="1.2rem" />
        </Link>
      </>
    );
  else if (page === 'failed')
    body = (
      <SubState icon="empty" title={t('sub.loadFailed')} desc={detail.error?.detail}>
        <button type="button" className="btn btn-ghost" onClick={() => void detail.refetch()}>
          {t('act.retry')}
        </button>
      </SubState>
    );
  else body = <SubLoading rows={3} />;
  return (
    <SubPage title={t('lijian.title')} subtitle={t('lijian.sub')} fallback={PRIZES_PATH} className="lj-page">
      {body}
    </SubPage>
  );
}
