import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import type { ApiError } from '../../../api/request';
import { type CampaignDraft, uploadImage, uploadWhiteList } from '../../../shared/campaign/api';
import { CHINA_TIME, fromLocalInput, type Path, toLocalInput } from './draft-util';

interface Props {
  id: string;
  draft: CampaignDraft;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}

function Row({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`of-field${error ? ' of-field--error' : ''}`}>
      <label className="of-label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="of-control">
        {children}
        {error ? (
          <div className="field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** 基本信息: name, dates and the rules text of an activity-based kind. */
export function Basics({ draft, onChange, errors, readOnly }: Props) {
  const a = draft.activity;
  if (!a) return null;
  return (
    <div className="object-form">
      <Row label="活动名称" htmlFor="b-title" error={errors['activity.title']}>
        <Input
          id="b-title"
          maxLength={40}
          showCount
          disabled={readOnly}
          value={a.title}
          onChange={(e) => onChange(['activity', 'title'], e.target.value)}
        />
      </Row>
      <Row label="开始时间" htmlFor="b-starts" error={errors['activity.startsAt']}>
        <Input
          id="b-starts"
          type="datetime-local"
          addonAfter={CHINA_TIME}
          disabled={readOnly}
          value={toLocalInput(a.startsAt)}
          onChange={(e) => onChange(['activity', 'startsAt'], fromLocalInput(e.target.value))}
        />
      </Row>
      <Row label="结束时间" htmlFor="b-ends" error={errors['activity.endsAt']}>
        <Input
          id="b-ends"
          type="datetime-local"
          addonAfter={CHINA_TIME}
          disabled={readOnly}
          value={toLocalInput(a.endsAt)}
          onChange={(e) => onChange(['activity', 'endsAt'], fromLocalInput(e.target.value))}
        />
      </Row>
      <Row label="入口位置" htmlFor="b-slot" error={errors.slot}>
        <Input
          id="b-slot"
          disabled={readOnly}
          value={draft.slot ?? ''}
          placeholder={`page:${a.type}（默认：同类型活动共用一个入口）`}
          onChange={(e) => onChange(['slot'], e.target.value.trim() ? e.target.value : undefined)}
        />
      </Row>
      <Row label="活动规则" htmlFor="b-rules" error={errors['activity.rules']}>
        <Input.TextArea
          id="b-rules"
          rows={6}
          disabled={readOnly}
          value={a.rules}
          placeholder="用中文写明参与条件、奖品、领取方式与期限"
          onChange={(e) => onChange(['activity', 'rules'], e.target.value)}
        />
      </Row>
    </div>
  );
}

/** The banner (type checked from the bytes on the server) and the white list (CSV, UTF-8 or GBK). */
export function Uploads({ id, draft, onChange, errors, readOnly }: Props) {
  const { message } = App.useApp();
  const image = useRef<HTMLInputElement>(null);
  const csv = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'image' | 'csv' | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<ApiError | null>(null);
  const [csvName, setCsvName] = useState<string | null>(null);
  const bannerPath: Path = ['banner'];
  const banner = draft.banner ?? draft.activity?.page?.banner ?? null;
  const whiteList = draft.whiteList ?? null;

  const sendImage = async (f: File) => {
    setBusy('image');
    setImageError(null);
    try {
      const r = await uploadImage(f);
      onChange(bannerPath, r.url);
      message.success('横幅已上传');
    } catch (e) {
      setImageError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const sendCsv = async (f: File) => {
    setBusy('csv');
    setCsvError(null);
    try {
      const r = await uploadWhiteList(id, f);
      onChange(['whiteList'], { ref: r.listId, rows: r.rows });
      setCsvName(`${f.name}，${r.encoding === 'gbk' ? 'GBK' : 'UTF-8'}`);
      message.success(`白名单已导入：${r.rows.toLocaleString('zh-CN')} 行`);
    } catch (e) {
      setCsvError(e as ApiError);
    } finally {
      setBusy(null);
    }
  };
  const csvLines = csvError
    ? Object.entries(csvError.fields ?? {}).map(([k, v]) => (v.startsWith(k) ? v : `${k}: ${v}`))
    : [];

  return (
    <div className="uploads">
      <div className="upload-box">
        <h3 className="upload-box__title">横幅图片</h3>
        {banner ? (
          <img className="banner-thumb" src={banner} alt="活动横幅预览" data-testid="banner-thumb" />
        ) : (
          <p className="muted">尚未上传。JPG / PNG / WebP，按文件内容识别类型。</p>
        )}
        <input
          ref={image}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          aria-label="横幅图片文件"
          data-testid="banner-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void sendImage(f);
          }}
        />
        <Button
          icon={<PictureOutlined />}
          disabled={readOnly}
          loading={busy === 'image'}
          onClick={() => image.current?.click()}
        >
          {banner ? '更换横幅' : '上传横幅'}
        </Button>
        {imageError || errors[bannerPath.join('.')] ? (
          <div className="field-error" role="alert">
            {imageError ?? errors[bannerPath.join('.')]}
          </div>
        ) : null}
      </div>
      <div className="upload-box">
        <h3 className="upload-box__title">白名单（CSV）</h3>
        {/* A list gone from under the draft (errors.whiteList) is not shown as imported: upload it again. */}
        {whiteList && !errors.whiteList ? (
          <p data-testid="white-list-rows">
            已导入 <strong>{whiteList.rows.toLocaleString('zh-CN')}</strong> 行{csvName ? `（${csvName}）` : ''}
          </p>
        ) : (
          <p className="muted">每行一位客户；UTF-8 或 GBK（Excel 导出）均可，最多 100 万行。整份文件无误才会保存。</p>
        )}
        <input
          ref={csv}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="白名单 CSV 文件"
          data-testid="white-list-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void sendCsv(f);
          }}
        />
        <Button
          icon={<FileTextOutlined />}
          disabled={readOnly}
          loading={busy === 'csv'}
          onClick={() => csv.current?.click()}
        >
          {whiteList && !errors.whiteList ? '重新上传' : '上传白名单'}
        </Button>
        {errors.whiteList ? (
          <div className="field-error" role="alert" data-testid="white-list-missing">
            {errors.whiteList}
          </div>
        ) : null}
        {csvError ? (
          <div className="line-errors" role="alert" data-testid="white-list-errors">
            <strong>{csvError.message}</strong>
            {csvLines.length ? (
              <ul>
                {csvLines.slice(0, 50).map((l) => (
                  <li key={l} className="mono">
                    {l}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
