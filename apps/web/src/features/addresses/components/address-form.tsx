import type { RouteData } from '@campaign/contract/client';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useEndpointMutation } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { regionText } from '#web/shared/lib/region-text';
import { useNavigate } from '#web/shared/navigation/navigation';
import { addressListPath, orderConfirmPath } from '#web/shared/navigation/paths';
import { useGlobalStore } from '#web/shared/store/global-store';
import { showToast } from '#web/shared/ui/feedback';
import { Icon } from '#web/shared/ui/icon';
import { type MessageKey, t } from '../messages';
import {
  type AddressField,
  type AddressInput,
  type FieldErrors,
  serverFieldErrors,
  validateAddress,
} from '../model/address-rules';
import type { RegionChoice, RegionTree } from '../model/native-address';
import { RegionPicker } from './region-picker';

type Address = RouteData<'addressDetail'>;

export interface FormState {
  name: string;
  mobile: string;
  region: RegionChoice | null;
  detail: string;
  isDefault: boolean;
}

export const EMPTY: FormState = { name: '', mobile: '', region: null, detail: '', isDefault: false };
/** Envelope codes the form explains next to a field instead of in a toast. */
const VALIDATION_CODE = 400;
const REGION_MISMATCH_CODE = 3003;

export function fromAddress(a: Address): FormState {
  return {
    name: a.name,
    mobile: a.mobile,
    region: {
      codes: [a.provinceCode, a.cityCode, a.districtCode],
      names: [a.provinceName, a.cityName, a.districtName],
    },
    detail: a.detail,
    isDefault: a.isDefault,
  };
}

function toInput(form: FormState): AddressInput {
  return {
    name: form.name.trim(),
    mobile: form.mobile.trim(),
    provinceCode: form.region?.codes[0] ?? '',
    cityCode: form.region?.codes[1] ?? '',
    districtCode: form.region?.codes[2] ?? '',
    detail: form.detail.trim(),
    isDefault: form.isDefault,
  };
}

/** What the server said about a refused save: field messages, or one line for the whole form. */
export function explainRefusal(error: CallFailure): { fields: FieldErrors; general: string | null } {
  if (error.code === VALIDATION_CODE) {
    const { fields, rest } = serverFieldErrors(error.fields);
    return { fields, general: rest.length > 0 || Object.keys(fields).length === 0 ? error.detail : null };
  }
  if (error.code === REGION_MISMATCH_CODE) return { fields: { region: error.detail }, general: null };
  return { fields: {}, general: error.detail };
}

interface FieldProps {
  field: AddressField;
  label: string;
  error: string | undefined;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

function Field({ field, label, error, children }: FieldProps) {
  const id = `${useId()}-${field}`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'addr-field is-invalid' : 'addr-field'} data-field={field}>
      <label className="addr-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="addr-field__control">
        {children({ id, 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': errorId } : {}) })}
      </div>
      {error ? (
        <p className="addr-field__error" id={errorId} data-testid={`field-error-${field}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface AddressFormProps {
  initial: FormState;
  tree: RegionTree | undefined;
  addNo: string | null;
  orderId: string | undefined;
}

/** The form's state, its checks (shown once a field was left) and the save, with the server's refusals. */
function useAddressForm({ initial, addNo, orderId }: Omit<AddressFormProps, 'tree'>) {
  const navigate = useNavigate();
  const setChosen = useGlobalStore((s) => s.setAddress);
  const [form, setForm] = useState<FormState>(initial);
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const [server, setServer] = useState<{ fields: FieldErrors; general: string | null }>({ fields: {}, general: null });
  const add = useEndpointMutation('addressAdd');
  const update = useEndpointMutation('addressUpdate');
  const input = toInput(form);
  const local = validateAddress(input);
  // One idempotency key per content: a double submit of the same address stores it once.
  const inputJson = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key exactly when the content changes
  const key = useMemo(() => crypto.randomUUID(), [inputJson]);

  const shown = (field: AddressField): string | undefined => {
    const mine: MessageKey | undefined = touched[field] ? local[field] : undefined;
    return server.fields[field] ?? (mine ? t(mine) : undefined);
  };
  const edit = (patch: Partial<FormState>, field: AddressField) => {
    setForm((f) => ({ ...f, ...patch }));
    setServer((s) => {
      const fields = { ...s.fields };
      delete fields[field];
      return { fields, general: null };
    });
  };
  const blur = (field: AddressField) => setTouched((x) => ({ ...x, [field]: true }));

  const save = async () => {
    setTouched({ name: true, mobile: true, region: true, detail: true });
    if (Object.keys(local).length > 0) return;
    try {
      const saved = addNo
        ? await update.mutateAsync({ body: { ...input, addNo }, quiet: true })
        : await add.mutateAsync({ body: input, quiet: true, idempotencyKey: key });
      setChosen(saved);
      showToast(t('address.saved'));
      navigate(orderId ? orderConfirmPath(orderId, saved.addNo) : addressListPath(), { replace: true });
    } catch (error) {
      const refusal =
        error instanceof CallFailure ? explainRefusal(error) : { fields: {}, general: t('request.failed') };
      setServer(refusal);
      if (refusal.general) showToast(refusal.general);
    }
  };

  const busy = add.isPending || update.isPending;
  return { form, setForm, server, shown, edit, blur, save, busy };
}

type Form = ReturnType<typeof useAddressForm>;

/** Name, mobile, region (opens the picker) and detail. */
function AddressFields({ f, tree, onPick }: { f: Form; tree: RegionTree | undefined; onPick: () => void }) {
  const { form, shown, edit, blur } = f;
  return (
    <>
      <Field field="name" label={t('address.name')} error={shown('name')}>
        {(a11y) => (
          <input
            {...a11y}
            className="addr-input"
            value={form.name}
            maxLength={40}
            autoComplete="name"
            placeholder={t('address.namePlaceholder')}
            onChange={(e) => edit({ name: e.target.value }, 'name')}
            onBlur={() => blur('name')}
          />
        )}
      </Field>
      <Field field="mobile" label={t('address.mobile')} error={shown('mobile')}>
        {(a11y) => (
          <input
            {...a11y}
            className="addr-input"
            value={form.mobile}
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel-national"
            placeholder={t('address.mobilePlaceholder')}
            onChange={(e) => edit({ mobile: e.target.value.replace(/\D/g, '') }, 'mobile')}
            onBlur={() => blur('mobile')}
          />
        )}
      </Field>
      <Field field="region" label={t('address.region')} error={shown('region')}>
        {(a11y) => (
          <button
            {...a11y}
            type="button"
            className={form.region ? 'addr-region' : 'addr-region is-empty'}
            data-testid="region-trigger"
            disabled={!tree}
            onClick={onPick}
          >
            <span>{form.region ? regionText(...form.region.names) : t('address.regionPlaceholder')}</span>
            <Icon name="chevron-right" size="1.3rem" />
          </button>
        )}
      </Field>
      <Field field="detail" label={t('address.detail')} error={shown('detail')}>
        {(a11y) => (
          <textarea
            {...a11y}
            className="addr-input addr-textarea"
            rows={3}
            value={form.detail}
            maxLength={140}
            autoComplete="street-address"
            placeholder={t('address.detailPlaceholder')}
            onChange={(e) => edit({ detail: e.target.value }, 'detail')}
            onBlur={() => blur('detail')}
          />
        )}
      </Field>
    </>
  );
}

export function AddressForm({ initial, tree, addNo, orderId }: AddressFormProps) {
  const f = useAddressForm({ initial, addNo, orderId });
  const { form, setForm, server, edit, blur, save, busy } = f;
  const [picking, setPicking] = useState(false);
  return (
    <>
      <section className="sub-card addr-form" aria-labelledby="addr-form-title">
        <h2 className="sub-card__title" id="addr-form-title">
          {t('address.formCard')}
        </h2>
        <AddressFields f={f} tree={tree} onPick={() => setPicking(true)} />
        <label className="addr-switch">
          <span className="addr-switch__text">
            <b>{t('address.setDefault')}</b>
            <small>{t('address.setDefaultHint')}</small>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={form.isDefault}
            checked={form.isDefault}
            onChange={(e) => setForm((f) => ({ ...f, isDefault: e.target.checked }))}
          />
        </label>
        {server.general ? (
          <p className="addr-form__general" role="alert">
            {server.general}
          </p>
        ) : null}
      </section>
      <p className="addr-privacy">
        <Icon name="shield" size="1.2rem" /> {t('address.privacy')}
      </p>
      <div className="sub-footer">
        <button
          type="button"
          className="sub-cta"
          data-testid="address-save"
          disabled={busy}
          onClick={() => void save()}
        >
          {orderId ? t('address.saveAndUse') : t('address.save')}
        </button>
      </div>
      {tree ? (
        <RegionPicker
          tree={tree}
          visible={picking}
          value={form.region}
          onClose={() => {
            setPicking(false);
            blur('region');
          }}
          onChoose={(region) => edit({ region }, 'region')}
        />
      ) : null}
    </>
  );
}
