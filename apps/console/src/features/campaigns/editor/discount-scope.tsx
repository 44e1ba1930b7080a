import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { CampaignDraft } from '#console/shared/campaign/api';
import { t } from '../messages';
import type { Path } from './draft-util';

// 支付立减's scope (issue 34): the cards (BIN and the card's name) and the merchants (name and merchant id) the
// discount applies to — exactly the `validCards` / `validMerchants` the campaign file carries and the H5 shows
// as 适用卡 and 适用商户. Each row says at once what is wrong with it, in Chinese; the server checks the same.

type Card = { bin: string; label: string };
type Merchant = { id: string; name: string };
interface Props {
  draft: CampaignDraft;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}

const BIN = /^\d{6,8}$/;
const MERCHANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** This browser's check of one card row (the server's own message wins when it has one). */
export function cardProblem(cards: readonly Card[], i: number): { bin?: string; label?: string } {
  const c = cards[i];
  if (!c) return {};
  const out: { bin?: string; label?: string } = {};
  if (!BIN.test(c.bin.trim())) out.bin = t('campaigns.scope.binInvalid');
  else if (cards.findIndex((x) => x.bin.trim() === c.bin.trim()) < i) out.bin = t('campaigns.scope.binRepeated');
  if (!c.label.trim()) out.label = t('campaigns.scope.cardLabelMissing');
  return out;
}

export function merchantProblem(merchants: readonly Merchant[], i: number): { id?: string; name?: string } {
  const m = merchants[i];
  if (!m) return {};
  const out: { id?: string; name?: string } = {};
  if (!MERCHANT_ID.test(m.id.trim())) out.id = t('campaigns.scope.merchantIdInvalid');
  else if (merchants.findIndex((x) => x.id.trim() === m.id.trim()) < i) out.id = t('campaigns.scope.merchantRepeated');
  if (!m.name.trim()) out.name = t('campaigns.scope.merchantNameMissing');
  return out;
}

function Cell({
  id,
  label,
  value,
  error,
  readOnly,
  placeholder,
  onChange,
  numeric,
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  readOnly?: boolean | undefined;
  placeholder: string;
  onChange: (v: string) => void;
  numeric?: boolean;
}) {
  return (
    <div className="scope-cell">
      <Input
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        status={error ? 'error' : undefined}
        inputMode={numeric ? 'numeric' : undefined}
        placeholder={placeholder}
        disabled={readOnly}
        value={value}
        onChange={(e) => onChange(numeric ? e.target.value.replace(/\s/g, '') : e.target.value)}
      />
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** 适用卡: one row per BIN. */
function Cards({ draft, onChange, errors, readOnly }: Props) {
  const cards: Card[] = (draft.discount?.validCards ?? []).map((c) => ({ bin: c.bin ?? '', label: c.label ?? '' }));
  const set = (next: Card[]) => onChange(['discount', 'validCards'], next);
  return (
    <fieldset className="of-list scope-list" data-testid="discount-cards">
      <legend>{t('campaigns.scope.cards')}</legend>
      <p className="muted scope-hint">{t('campaigns.scope.cardsHint')}</p>
      {cards.map((c, i) => {
        const mine = cardProblem(cards, i);
        const at = `discount.validCards.${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
          <div className="scope-row" key={i}>
            <span className="of-row__n">{i + 1}</span>
            <Cell
              id={`card-bin-${i}`}
              label={t('campaigns.scope.binOf', { n: i + 1 })}
              placeholder={t('campaigns.scope.binPlaceholder')}
              numeric
              value={c.bin}
              error={errors[`${at}.bin`] ?? (c.bin ? mine.bin : undefined)}
              readOnly={readOnly}
              onChange={(bin) => set(cards.map((x, j) => (j === i ? { ...x, bin } : x)))}
            />
            <Cell
              id={`card-label-${i}`}
              label={t('campaigns.scope.cardLabelOf', { n: i + 1 })}
              placeholder={t('campaigns.scope.cardLabelPlaceholder')}
              value={c.label}
              error={errors[`${at}.label`] ?? (c.bin && !c.label.trim() ? mine.label : undefined)}
              readOnly={readOnly}
              onChange={(label) => set(cards.map((x, j) => (j === i ? { ...x, label } : x)))}
            />
            {readOnly ? null : (
              <Button
                type="text"
                danger
                aria-label={t('campaigns.scope.removeCard', { n: i + 1 })}
                icon={<DeleteOutlined />}
                onClick={() => set(cards.filter((_x, j) => j !== i))}
              />
            )}
          </div>
        );
      })}
      {cards.length === 0 ? <p className="muted">{t('campaigns.scope.anyCard')}</p> : null}
      {readOnly ? null : (
        <Button icon={<PlusOutlined />} onClick={() => set([...cards, { bin: '', label: '' }])}>
          {t('campaigns.scope.addCard')}
        </Button>
      )}
    </fieldset>
  );
}

/** 适用商户: one row per merchant. */
function Merchants({ draft, onChange, errors, readOnly }: Props) {
  const list: Merchant[] = (draft.discount?.validMerchants ?? []).map((m) => ({ id: m.id ?? '', name: m.name ?? '' }));
  const set = (next: Merchant[]) => onChange(['discount', 'validMerchants'], next);
  return (
    <fieldset className="of-list scope-list" data-testid="discount-merchants">
      <legend>{t('campaigns.scope.merchants')}</legend>
      <p className="muted scope-hint">{t('campaigns.scope.merchantsHint')}</p>
      {list.map((m, i) => {
        const mine = merchantProblem(list, i);
        const at = `discount.validMerchants.${i}`;
        const touched = Boolean(m.id || m.name);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
          <div className="scope-row" key={i}>
            <span className="of-row__n">{i + 1}</span>
            <Cell
              id={`merchant-name-${i}`}
              label={t('campaigns.scope.merchantNameOf', { n: i + 1 })}
              placeholder={t('campaigns.scope.merchantNamePlaceholder')}
              value={m.name}
              error={errors[`${at}.name`] ?? (touched ? mine.name : undefined)}
              readOnly={readOnly}
              onChange={(name) => set(list.map((x, j) => (j === i ? { ...x, name } : x)))}
            />
            <Cell
              id={`merchant-id-${i}`}
              label={t('campaigns.scope.merchantIdOf', { n: i + 1 })}
              placeholder={t('campaigns.scope.merchantIdPlaceholder')}
              value={m.id}
              error={errors[`${at}.id`] ?? (touched ? mine.id : undefined)}
              readOnly={readOnly}
              onChange={(id) => set(list.map((x, j) => (j === i ? { ...x, id: id.trim() } : x)))}
            />
            {readOnly ? null : (
              <Button
                type="text"
                danger
                aria-label={t('campaigns.scope.removeMerchant', { n: i + 1 })}
                icon={<DeleteOutlined />}
                onClick={() => set(list.filter((_x, j) => j !== i))}
              />
            )}
          </div>
        );
      })}
      {list.length === 0 ? <p className="muted">{t('campaigns.scope.anyMerchant')}</p> : null}
      {readOnly ? null : (
        <Button icon={<PlusOutlined />} onClick={() => set([...list, { id: '', name: '' }])}>
          {t('campaigns.scope.addMerchant')}
        </Button>
      )}
    </fieldset>
  );
}

/** The discount's cards and merchants. */
export function DiscountScope(props: Props) {
  return (
    <div className="discount-scope">
      <Cards {...props} />
      <Merchants {...props} />
    </div>
  );
}
