import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { fieldLabel } from '@campaign/contract/client';
import { App, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import type { ApiError } from '#console/api/request';
import { type CampaignDraft, uploadImage, uploadWhiteList } from '#console/shared/campaign/api';
import { ChinaDateTime } from '#console/shared/china-date-time';
import { FilePick } from '#console/shared/file-pick';
import { t } from '../messages';
import type { Path } from './draft-util';
import { et } from './editor-messages';
import { SlotField } from './slot-field';

/** A draft time (epoch ms, or the file's ISO text) as epoch ms; null when not a time yet. */
const msOf = (v: unknown): number | null => {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
};

interface Props {
  id: string;
  draft: CampaignDraft;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}

function FieldError({ error, testId }: { error?: string | null; testId?: string }) {
  return error ? (
    <div className="field-error" role="alert" data-testid={testId}>
      {error}
    </div>
  ) : null;
}

/** One labelled input of the editor (labels from the contract's field catalogue, as the approver's diff). */
function Row({
  field,
  htmlFor,
  error,
  children,
}: {
  field: string;
  htmlFor?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`of-field${error ? ' of-field--error' : ''}`}>
      <label className="of-label" htmlFor={htmlFor}>
        {fieldLabel(field)}
      </label>
      <div className="of-control">
        {children}
        <FieldError error={error} />
      </div>
    </div>
  );
}

/** 基本信息: name, dates and the rules text of an activity-based kind. */
export function Basics({ id, draft, onChange, errors, readOnly }: Props) {
  const a = draft.activity;
  if (!a) return null;
  const set = (key: 'title' | 'rules') => (e: { target: { value: string } }) =>
    onChange(['activity', key], e.target.value);
  return (
    <div className="object-form">
      <Row field="title" htmlFor="b-title" error={errors['activity.title']}>
        <Input id="b-title" maxLength={40} showCount disabled={readOnly} value={a.title} onChange={set('title')} />
      </Row>
      <Row field="startsAt" htmlFor="b-starts" error={errors['activity.startsAt']}>
        <ChinaDateTime
          id="b-starts"
          disabled={readOnly}
          value={a.startsAt}
          onChange={(ms) => onChange(['activity', 'startsAt'], ms)}
        />
      </Row>
      <Row field="endsAt" htmlFor="b-ends" error={errors['activity.endsAt']}>
        <ChinaDateTime
          id="b-ends"
          disabled={readOnly}
          value={a.endsAt}
          onChange={(ms) => onChange(['activity', 'endsAt'], ms)}
        />
      </Row>
      <Row field="slot" htmlFor="b-slot" error={errors.slot}>
        <SlotField
          id={id}
          slot={draft.slot}
          type={a.type}
          window={{ startsAt: msOf(a.startsAt), endsAt: msOf(a.endsAt) }}
          readOnly={readOnly}
          onChange={(v) => onChange(['slot'], v)}
        />
      </Row>
      <Row field="rules" htmlFor="b-rules" error={errors['activity.rules']}>
        <Input.TextArea
          id="b-rules"
          rows={6}
          disabled={readOnly}
          value={a.rules}
          placeholder={t('campaigns.basics.rulesHint')}
          onChange={set('rules')}
        />
      </Row>
    </div>
  );
}

/** The banner (type checked from the bytes on the server). */
function BannerBox({ draft, onChange, errors, readOnly }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const banner = draft.banner ?? draft.activity?.page?.banner ?? null;
  const send = async (f: File) => {
    setBusy(true);
    setFailed(null);
    try {
      onChange(['banner'], (await uploadImage(f)).url);
      message.success(t('campaigns.banner.done'));
    } catch (e) {
      setFailed((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="upload-box">
      <h3 className="upload-box__title">{t('campaigns.banner.title')}</h3>
      {banner ? (
        <img className="banner-thumb" src={banner} alt={t('campaigns.banner.alt')} data-testid="banner-thumb" />
      ) : (
        <p className="muted">{t('campaigns.banner.none')}</p>
      )}
      <FilePick
        accept="image/png,image/jpeg,image/webp,image/gif"
        label={t('campaigns.banner.file')}
        testId="banner-file"
        icon={<PictureOutlined />}
        busy={busy}
        disabled={readOnly}
        send={(f) => void send(f)}
      >
        {banner ? t('campaigns.banner.replace') : t('campaigns.banner.upload')}
      </FilePick>
      <FieldError error={failed ?? errors.banner} />
    </div>
  );
}

const COLUMNS = new Set(['nuid', 'mobile', 'code', 'header', 'file']);

/** `2:nuid` → 第 2 行 客户号: a list file's problem where the operator looks for it, by the column's label. */
export function listProblems(error: ApiError): string[] {
  return Object.entries(error.fields ?? {}).map(([k, v]) => {
    const [line, field = ''] = k.split(':');
    const label = COLUMNS.has(field) ? et(`campaigns.list.col.${field}` as 'campaigns.list.col.nuid') : field;
    return et('campaigns.list.lineProblem', { line: line ?? '', field: label, message: v });
  });
}

/** The refused file's line problems (at most 50). */
function ListErrors({ error }: { error: ApiError }) {
  const lines = listProblems(error);
  return (
    <div className="line-errors" role="alert" data-testid="white-list-errors">
      <strong>{error.message}</strong>
      {lines.length ? (
        <ul>
          {lines.slice(0, 50).map((l) => (
            <li key={l} className="mono">
              {l}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The white list (CSV, UTF-8 or GBK); a list gone from under the draft (errors.whiteList) asks for it again. */
function WhiteListBox({ id, draft, onChange, errors, readOnly }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<ApiError | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const imported = draft.whiteList && !errors.whiteList ? draft.whiteList : null;
  const send = async (f: File) => {
    setBusy(true);
    setFailed(null);
    try {
      const r = await uploadWhiteList(id, f);
      onChange(['whiteList'], { ref: r.listId, rows: r.rows, name: f.name });
      setSource(t('campaigns.list.source', { name: f.name, encoding: r.encoding === 'gbk' ? 'GBK' : 'UTF-8' }));
      message.success(t('campaigns.list.done', { rows: r.rows.toLocaleString('zh-CN') }));
    } catch (e) {
      setFailed(e as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="upload-box">
      <h3 className="upload-box__title">{t('campaigns.list.csvTitle')}</h3>
      {imported ? (
        <p data-testid="white-list-rows">
          {t('campaigns.list.rows', { rows: imported.rows.toLocaleString('zh-CN') })}
          {source ?? ''}
        </p>
      ) : (
        <p className="muted">{t('campaigns.list.hint')}</p>
      )}
      <FilePick
        accept=".csv,text/csv"
        label={t('campaigns.list.file')}
        testId="white-list-file"
        icon={<FileTextOutlined />}
        busy={busy}
        disabled={readOnly}
        send={(f) => void send(f)}
      >
        {imported ? t('campaigns.list.reupload') : t('campaigns.list.upload')}
      </FilePick>
      <FieldError error={errors.whiteList} testId="white-list-missing" />
      {failed ? <ListErrors error={failed} /> : null}
    </div>
  );
}

/** The banner and the white list. */
export function Uploads(props: Props) {
  return (
    <div className="uploads">
      <BannerBox {...props} />
      <WhiteListBox {...props} />
    </div>
  );
}
