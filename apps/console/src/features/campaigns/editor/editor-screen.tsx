import { DownloadOutlined, EyeOutlined, ImportOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useEndpointQuery } from '../../../api/queries';
import { type ApiError, call } from '../../../api/request';
import {
  type CampaignConflict,
  type CampaignDraft,
  conflictOf,
  downloadYaml,
  KEYS,
} from '../../../shared/campaign/api';
import { LoadFailed } from '../../../shared/load-failed';
import { PageHead } from '../../../shared/page-head';
import { Panel, StatePanel } from '../../../shared/panel';
import '../campaigns.css';
import { StateTag } from '../../../shared/campaign/state-tag';
import { KIND_LABEL } from '../../../shared/campaign/text';
import { ImportYamlDialog } from '../import-yaml-dialog';
import { Basics, Uploads } from './basics';
import { ConflictDialog, pathLabel } from './conflict-dialog';
import { normalizeFields, type Path, setAt } from './draft-util';
import './editor.css';
import { LiveSummary } from './live-summary';
import { ObjectForm } from './object-form';
import { PreviewDialog } from './preview-dialog';
import { type OddsMode, PROBABILITY_TOTAL, PrizeTable } from './prize-table';
import { SimulatePanel } from './simulate-panel';

const LOCKED = new Set(['submitted', 'approved', 'ended', 'archived']);
const SKIP = new Set([
  'kind',
  'slot',
  'banner',
  'whiteList',
  'activity.title',
  'activity.startsAt',
  'activity.endsAt',
  'activity.rules',
  'activity.prizes',
  'activity.page.banner',
  'activity.corp',
  'activity.id',
  'activity.type',
  'activity.state',
]);

/** The campaign editor: every kind; live odds, cost and exposure; checks, save (409), simulate, preview, submit. */
function EditorScreenBody() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const detail = useEndpointQuery('consoleCampaignDetail', { query: { id } }, { refetchOnWindowFocus: false });
  const [draft, setDraft] = useState<CampaignDraft | null>(null);
  const [rev, setRev] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [mode, setMode] = useState<OddsMode>('weight');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CampaignConflict | null>(null);
  const [pending, setPending] = useState<'save' | 'submit' | 'preview' | null>(null);
  const [preview, setPreview] = useState<{ url: string; expiresAt: number } | null>(null);
  const [importing, setImporting] = useState(false);
  /** The rev just saved (state updates land after the submit that follows a save). */
  const savedRev = useRef(0);
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (detail.data && draft === null) {
      setDraft(detail.data.draft);
      setRev(detail.data.rev);
      savedRev.current = detail.data.rev;
      const sum = (detail.data.draft.activity?.prizes ?? []).reduce((s, p) => s + (p.weight || 0), 0);
      if (sum === PROBABILITY_TOTAL) setMode('probability');
    }
  }, [detail.data, draft]);
  useEffect(() => () => clearTimeout(checkTimer.current), []);

  if (detail.error) {
    return (
      <div className="console-page">
        <PageHead title="编辑活动" />
        {(detail.error as ApiError).status === 404 ? (
          <StatePanel tone="warning" title="没有这个活动" body={`编号 ${id} 不存在，或不属于本机构。`} />
        ) : (
          <LoadFailed error={detail.error} retry={detail.refetch} />
        )}
      </div>
    );
  }
  if (!detail.data || !draft) {
    return (
      <div className="console-page" aria-busy="true">
        <PageHead title="编辑活动" subtitle="加载中…" />
        <Panel>
          <div className="skeleton" />
        </Panel>
      </div>
    );
  }
  const c = detail.data.campaign;
  const readOnly = LOCKED.has(c.state) || c.revisionState === 'submitted';
  const liveSide = c.version !== null;

  const runCheck = (d: CampaignDraft) => {
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => {
      call('consoleCampaignCheck', { body: { id, draft: d } }).then(
        (r) => setErrors(normalizeFields(r.fields ?? {})),
        () => {},
      );
    }, 700);
  };
  const change = (path: Path, value: unknown) => {
    const next = setAt(draft, path, value);
    setDraft(next);
    setDirty(true);
    runCheck(next);
  };
  const refused = (e: unknown) => {
    const err = e as ApiError;
    const c2 = conflictOf(err);
    if (c2) {
      setConflict(c2);
      return;
    }
    if (Object.keys(err.fields ?? {}).length) setErrors(normalizeFields(err.fields));
    setFailure(err.message);
  };
  /** Saves when there is anything to save; false when refused. */
  const save = async (over?: number): Promise<boolean> => {
    if (!dirty && over === undefined) return true;
    setPending('save');
    setFailure(null);
    try {
      const r = await call('consoleCampaignSave', { body: { id, draft, baseRev: over ?? rev } });
      setRev(r.rev);
      savedRev.current = r.rev;
      setDirty(false);
      setConflict(null);
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      return true;
    } catch (e) {
      refused(e);
      return false;
    } finally {
      setPending(null);
    }
  };
  const submit = async () => {
    if (!(await save())) return;
    setPending('submit');
    try {
      await call('consoleCampaignSubmit', { body: { id, rev: savedRev.current } });
      message.success(liveSide ? '修订已提交审批' : '已提交审批');
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      navigate(`/campaigns/${encodeURIComponent(id)}`);
    } catch (e) {
      refused(e);
    } finally {
      setPending(null);
    }
  };
  const openPreview = async () => {
    if (!(await save())) return;
    setPending('preview');
    try {
      setPreview(await call('consoleCampaignPreview', { body: { id } }));
    } catch (e) {
      refused(e);
    } finally {
      setPending(null);
    }
  };

  const prizes = draft.activity?.prizes;
  const prizeErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('activity.prizes.'))
      .map(([k, v]) => [k.slice('activity.prizes.'.length), v]),
  );
  const errorList = Object.entries(errors);
  return (
    <div className="console-page console-page--wide editor">
      <nav className="crumbs" aria-label="位置">
        <Link to="/campaigns">活动管理</Link> / <Link to={`/campaigns/${encodeURIComponent(id)}`}>{c.title || id}</Link>{' '}
        / <span>编辑</span>
      </nav>
      <PageHead
        title={`${liveSide ? '修订' : '编辑'}：${draft.activity?.title ?? c.title ?? id}`}
        subtitle={`${KIND_LABEL[draft.kind] ?? draft.kind} · 草稿版本 ${rev}${dirty ? ' · 有未保存的修改' : ' · 已保存'}`}
        extra={
          <Space wrap>
            <StateTag state={c.state} revision={c.revisionState} />
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadYaml(id).catch((e: Error) => message.error(e.message))}
            >
              导出 YAML
            </Button>
            <Button icon={<ImportOutlined />} disabled={readOnly} onClick={() => setImporting(true)}>
              导入 YAML
            </Button>
            {/* The preview is the activity's H5 page: a discount, store or staff list has none. */}
            {draft.activity ? (
              <Button icon={<EyeOutlined />} loading={pending === 'preview'} onClick={openPreview}>
                预览
              </Button>
            ) : null}
            <Button
              icon={<SaveOutlined />}
              disabled={readOnly || !dirty}
              loading={pending === 'save'}
              onClick={() => void save()}
            >
              保存
            </Button>
            <Popconfirm
              title={liveSide ? '提交这次修订审批？' : '提交审批？'}
              description="提交后草稿锁定，审批人将看到与线上版本的逐项差异。"
              okText="提交"
              cancelText="取消"
              onConfirm={submit}
              disabled={readOnly}
            >
              <Button type="primary" icon={<SendOutlined />} disabled={readOnly} loading={pending === 'submit'}>
                提交审批
              </Button>
            </Popconfirm>
          </Space>
        }
      />
      {readOnly ? <Alert className="gap" type="info" showIcon title="此版本正在审批或已锁定，只能查看。" /> : null}
      {failure ? (
        <Alert
          className="gap"
          type="error"
          showIcon
          role="alert"
          title={failure}
          closable={{ onClose: () => setFailure(null) }}
        />
      ) : null}
      <div className="editor-row">
        <div className="editor-col">
          {draft.activity ? (
            <Panel title="基本信息">
              <Basics id={id} draft={draft} onChange={change} errors={errors} readOnly={readOnly} />
            </Panel>
          ) : null}
          <Panel title={`${KIND_LABEL[draft.kind] ?? draft.kind}设置`}>
            <ObjectForm value={draft} path={[]} onChange={change} errors={errors} readOnly={readOnly} skip={SKIP} />
          </Panel>
        </div>
        <div className="editor-col">
          <Panel title="提交前检查">
            {errorList.length ? (
              <ul className="check-list" data-testid="check-errors">
                {errorList.map(([k, v]) => (
                  <li key={k}>
                    <strong>{pathLabel(k)}</strong>：{v}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ok-text">未发现问题（服务器在保存与提交时会再次检查）。</p>
            )}
          </Panel>
          {/* A banner and a white list belong to an activity's page and draws: a store or staff list has neither. */}
          {draft.activity ? (
            <Panel title="横幅与白名单">
              <Uploads id={id} draft={draft} onChange={change} errors={errors} readOnly={readOnly} />
            </Panel>
          ) : null}
        </div>
      </div>
      {prizes ? (
        <Panel title="奖品设置" className="prize-panel">
          <div className="editor-row">
            <PrizeTable
              prizes={prizes}
              mode={mode}
              onMode={setMode}
              errors={prizeErrors}
              readOnly={readOnly}
              onChange={(p) => change(['activity', 'prizes'], p)}
            />
            <section aria-label="实时测算" className="live-column">
              <LiveSummary prizes={prizes} />
            </section>
          </div>
        </Panel>
      ) : null}
      {prizes ? (
        <Panel title="模拟" className="prize-panel">
          <SimulatePanel id={id} draft={draft} />
        </Panel>
      ) : null}
      {conflict ? (
        <ConflictDialog
          conflict={conflict}
          pending={pending === 'save'}
          onCancel={() => setConflict(null)}
          onKeepMine={() => void save(conflict.theirsRev)}
          onTakeTheirs={() => {
            setDraft(conflict.theirs);
            setRev(conflict.theirsRev);
            savedRev.current = conflict.theirsRev;
            setDirty(false);
            setConflict(null);
            message.info('已载入对方版本');
          }}
        />
      ) : null}
      {preview ? (
        <PreviewDialog url={preview.url} expiresAt={preview.expiresAt} onClose={() => setPreview(null)} />
      ) : null}
      {importing ? (
        <ImportYamlDialog
          id={id}
          onClose={() => setImporting(false)}
          onImported={() => {
            setDraft(null);
            setDirty(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const EditorScreen = () => (
  <App component={false}>
    <EditorScreenBody />
  </App>
);
