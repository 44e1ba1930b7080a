import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STAFF_ROLES } from '@campaign/contract/client';
import { Button, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { fieldLabel } from '../../../shared/campaign/text';
import { roleLabel } from '../../../shared/role-tags';
import { CHINA_TIME, fromLocalInput, isCentsKey, isTimeKey, type Path, pathKey, toLocalInput } from './draft-util';

interface Props {
  value: unknown;
  path: Path;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
  /** Keys shown elsewhere in the editor (the basics, the prize table). */
  skip?: Set<string>;
}

const idOf = (path: Path) => `f-${path.join('-')}`;

/**
 * The rest of a kind's draft, drawn from its shape: a text box for text, a number box for numbers (yuan for
 * `…Cents`), a switch for yes/no, a time for `…At`, rows with add/remove for lists (season tasks and bands,
 * stores, staff, card BINs, merchants). The template the server makes per kind decides what is there, so
 * every kind has an editor, and the server's field errors land under the field they name.
 */
export function ObjectForm({ value, path, onChange, errors, readOnly, skip }: Props) {
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
          />
        );
      })}
    </div>
  );
}

/** Lists whose values come from a fixed set, by field name: picked from it, shown by their Chinese names. */
const CHOICES: Record<string, { value: string; label: string }[]> = {
  roles: STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) })),
};

function Field(props: Props & { name: string }) {
  const { name, value, path, onChange, errors, readOnly } = props;
  const id = idOf(path);
  const error = errors[pathKey(path)];
  const label = fieldLabel(name);
  const wrap = (control: ReactNode, block = false) => (
    <div className={`of-field${block ? ' of-field--block' : ''}${error ? ' of-field--error' : ''}`}>
      <label htmlFor={id} className="of-label">
        {label}
      </label>
      <div className="of-control">
        {control}
        {error ? (
          <div className="field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );

  if (Array.isArray(value)) {
    if (value.every((x) => typeof x !== 'object' || x === null)) {
      return wrap(
        <Select
          id={id}
          mode={CHOICES[name] ? 'multiple' : 'tags'}
          options={CHOICES[name]}
          aria-label={label}
          disabled={readOnly}
          value={value.map(String)}
          onChange={(vs: string[]) =>
            onChange(
              path,
              vs.map((s) => (value.length && typeof value[0] === 'number' ? Number(s) : s)),
            )
          }
          tokenSeparators={[',', '，', ' ']}
        />,
      );
    }
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
                aria-label={`删除${label}第 ${i + 1} 行`}
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
            添加一行
          </Button>
        )}
        {error ? (
          <div className="field-error" role="alert">
            {error}
          </div>
        ) : null}
      </fieldset>
    );
  }
  if (value !== null && typeof value === 'object') {
    return (
      <fieldset className="of-group">
        <legend>{label}</legend>
        <ObjectForm {...props} />
      </fieldset>
    );
  }
  if (typeof value === 'boolean') {
    return wrap(<Switch id={id} checked={value} disabled={readOnly} onChange={(c) => onChange(path, c)} />);
  }
  if (isTimeKey(name)) {
    return wrap(
      <Input
        id={id}
        type="datetime-local"
        addonAfter={CHINA_TIME}
        disabled={readOnly}
        value={toLocalInput(value)}
        onChange={(e) => onChange(path, fromLocalInput(e.target.value))}
      />,
    );
  }
  if (typeof value === 'number' || (value === null && /(Cents|Cap|Limit|perDay|perActivity|Days|Hours)$/.test(name))) {
    const cents = isCentsKey(name);
    return wrap(
      <InputNumber
        id={id}
        disabled={readOnly}
        min={0}
        precision={cents ? 2 : 0}
        prefix={cents ? '¥' : undefined}
        placeholder={value === null ? '不限' : undefined}
        value={value === null ? null : cents ? (value as number) / 100 : (value as number)}
        onChange={(v) => onChange(path, v === null ? null : cents ? Math.round(v * 100) : v)}
      />,
    );
  }
  const text = value === null || value === undefined ? '' : String(value);
  return wrap(
    text.length > 60 ? (
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
    ),
  );
}

/** A new list row shaped like the last one, emptied. */
function blank(like: unknown): unknown {
  if (Array.isArray(like)) return [];
  if (like === null || typeof like !== 'object')
    return typeof like === 'number' ? 0 : typeof like === 'boolean' ? false : '';
  return Object.fromEntries(Object.entries(like).map(([k, v]) => [k, blank(v)]));
}
