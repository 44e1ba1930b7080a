import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STAFF_ROLES } from '@campaign/contract/client';
import { Button, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { fieldLabel } from '#console/shared/campaign/campaign-messages';
import { ChinaDateTime } from '#console/shared/china-date-time';
import { roleLabel } from '#console/shared/role-tags';
import { t } from '../messages';
import { isCentsKey, isTimeKey, type Path, pathKey } from './draft-util';

interface Props {
  value: unknown;
  path: Path;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
  /** Keys shown elsewhere in the editor (the basics, the prize table). */
  skip?: Set<string>;
  /** Lists picked from data the server holds, by field name: `stores` from the stores' master data. */
  choices?: Record<string, Choice[]>;
}

export type Choice = { value: string; label: string };

const idOf = (path: Path) => `f-${path.join('-')}`;

/**
 * The rest of a kind's draft, drawn from its shape: a text box for text, a number box for numbers (yuan for
 * `…Cents`), a switch for yes/no, a time for `…At`, rows with add/remove for lists (season tasks and bands,
 * stores, staff, card BINs, merchants). The template the server makes per kind decides what is there, so
 * every kind has an editor, and the server's field errors land under the field they name.
 */
export function ObjectForm({ value, path, onChange, errors, readOnly, skip, choices }: Props) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return (
    <div className="object-form">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        const p = [...path, k];
        if (skip?.has(pathKey(p))) return null;
        return (
          <Field
            key={k}
            name={k}
            value={v}
            path={p}
            onChange={onChange}
            errors={errors}
            readOnly={readOnly}
            skip={skip}
            choices={choices}
          />
        );
      })}
    </div>
  );
}

/** Lists whose values come from a fixed set, by field name: picked from it, shown by their Chinese names. */
const CHOICES: Record<string, Choice[]> = {
  roles: STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) })),
};

type FieldProps = Props & { name: string };

function FieldError({ error }: { error?: string }) {
  return error ? (
    <div className="field-error" role="alert">
      {error}
    </div>
  ) : null;
}

/** A labelled control with the server's error under it. */
function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`of-field${error ? ' of-field--error' : ''}`}>
      <label htmlFor={id} className="of-label">
        {label}
      </label>
      <div className="of-control">
        {children}
        <FieldError error={error} />
      </div>
    </div>
  );
}

/** A list of plain values (card BINs, merchants, roles): tags, or a pick from a fixed set. */
function TagsControl({ name, value, path, onChange, readOnly, choices }: FieldProps & { value: unknown[] }) {
  const options = choices?.[name] ?? CHOICES[name];
  return (
    <Select
      id={idOf(path)}
      mode={options ? 'multiple' : 'tags'}
      options={options}
      optionFilterProp="label"
      aria-label={fieldLabel(name)}
      disabled={readOnly}
      value={value.map(String)}
      onChange={(vs: string[]) =>
        onChange(
          path,
          vs.map((s) => (value.length && typeof value[0] === 'number' ? Number(s) : s)),
        )
      }
      tokenSeparators={[',', t('campaigns.form.separator'), ' ']}
    />
  );
}

/** A list of rows (season tasks and bands, stores, staff), each removable, with a row to add. */
function RowsField(props: FieldProps & { value: unknown[] }) {
  const { name, value, path, onChange, errors, readOnly } = props;
  const error = errors[pathKey(path)];
  const label = fieldLabel(name);
  return (
    <fieldset className={`of-list${error ? ' of-field--error' : ''}`}>
      <legend>{label}</legend>
      {value.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
        <div className="of-row" key={i}>
          <span className="of-row__n">{i + 1}</span>
          <ObjectForm {...props} value={row} path={[...path, i]} />
          {readOnly ? null : (
            <Button
              type="text"
              danger
              aria-label={t('campaigns.form.removeRow', { label, n: i + 1 })}
              icon={<DeleteOutlined />}
              onClick={() =>
                onChange(
                  path,
                  value.filter((_x, j) => j !== i),
                )
              }
            />
          )}
        </div>
      ))}
      {readOnly || !value.length ? null : (
        <Button icon={<PlusOutlined />} onClick={() => onChange(path, [...value, blank(value[value.length - 1])])}>
          {t('campaigns.form.addRow')}
        </Button>
      )}
      <FieldError error={error} />
    </fieldset>
  );
}

/** The control of one plain value: a switch, a China time, a number (yuan for `…Cents`), or text. */
function ScalarControl({ name, value, path, onChange, readOnly }: FieldProps) {
  const id = idOf(path);
  if (typeof value === 'boolean') {
    return <Switch id={id} checked={value} disabled={readOnly} onChange={(c) => onChange(path, c)} />;
  }
  if (isTimeKey(name)) {
    return (
      <ChinaDateTime
        id={id}
        disabled={readOnly}
        value={value as number | string | null}
        onChange={(ms) => onChange(path, ms)}
      />
    );
  }
  if (typeof value === 'number' || (value === null && /(Cents|Cap|Limit|perDay|perActivity|Days|Hours)$/.test(name))) {
    const cents = isCentsKey(name);
    return (
      <InputNumber
        id={id}
        disabled={readOnly}
        min={0}
        precision={cents ? 2 : 0}
        prefix={cents ? '¥' : undefined}
        placeholder={value === null ? t('campaigns.form.unbounded') : undefined}
        value={value === null ? null : cents ? (value as number) / 100 : (value as number)}
        onChange={(v) => onChange(path, v === null ? null : cents ? Math.round(v * 100) : v)}
      />
    );
  }
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > 60 ? (
    <Input.TextArea
      id={id}
      rows={3}
      disabled={readOnly}
      value={text}
      onChange={(e) => onChange(path, e.target.value)}
    />
  ) : (
    <Input
      id={id}
      disabled={readOnly}
      value={text}
      onChange={(e) => onChange(path, e.target.value === '' && value === null ? null : e.target.value)}
    />
  );
}

function Field(props: FieldProps) {
  const { name, value, path, errors } = props;
  const row = (control: ReactNode) => (
    <FieldRow id={idOf(path)} label={fieldLabel(name)} error={errors[pathKey(path)]}>
      {control}
    </FieldRow>
  );
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x !== 'object' || x === null)) return row(<TagsControl {...props} value={value} />);
    return <RowsField {...props} value={value} />;
  }
  if (value !== null && typeof value === 'object') {
    return (
      <fieldset className="of-group">
        <legend>{fieldLabel(name)}</legend>
        <ObjectForm {...props} />
      </fieldset>
    );
  }
  return row(<ScalarControl {...props} />);
}

/** A new list row shaped like the last one, emptied. */
function blank(like: unknown): unknown {
  if (Array.isArray(like)) return [];
  if (like === null || typeof like !== 'object')
    return typeof like === 'number' ? 0 : typeof like === 'boolean' ? false : '';
  return Object.fromEntries(Object.entries(like).map(([k, v]) => [k, blank(v)]));
}
