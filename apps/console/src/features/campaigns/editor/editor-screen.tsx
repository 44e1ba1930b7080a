import { DownloadOutlined, EyeOutlined, ImportOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ApiError } from '#console/api/request';
import { type CampaignDetail, type CampaignDraft, downloadYaml } from '#console/shared/campaign/api';
import { KIND_LABEL } from '#console/shared/campaign/campaign-messages';
import { StateTag } from '#console/shared/campaign/state-tag';
import { LoadFailed } from '#console/shared/load-failed';
import { PageHead } from '#console/shared/page-head';
import { Panel, StatePanel } from '#console/shared/panel';
import '../campaigns.css';
import { ImportYamlDialog } from '../import-yaml-dialog';
import { t } from '../messages';
import { Basics, Uploads } from './basics';
import { ConflictDialog, pathLabel } from './conflict-dialog';
import './editor.css';
import { et } from './editor-messages';
import { GameSettings } from './game-settings';
import { KindSettings } from './kind-settings';
import { LiveSummary } from './live-summary';
import { PreviewDialog } from './preview-dialog';
import { PrizeTable } from './prize-table';
import { SimulatePanel } from './simulate-panel';
import { type DraftActions, type DraftState, useDraftEditor } from './use-draft-editor';

const LOCKED = new Set(['submitted', 'approved', 'ended', 'archived']);
type Campaign = CampaignDetail['campaign'];
type HeadProps = {
  id: string;
  draft: CampaignDraft;
  readOnly: boolean;
  liveSide: boolean;
  s: DraftState;
  a: DraftActions;
};

/** The head's buttons: export and import YAML, preview, save, submit. */
function EditorActions({
  id,
  draft,
  readOnly,
  liveSide,
  s,
  a,
  c,
  onImport,
}: HeadProps & { c: Campaign; onImport: () => void }) {
  const { message } = App.useApp();
  return (
    <Space wrap>
      <StateTag state={c.state} revision={c.revisionState} />
      <Button
        icon={<DownloadOutlined />}
        onClick={() => downloadYaml(id).catch((e: Error) => message.error(e.message))}
      >
        {t('campaigns.detail.exportYaml')}
      </Button>
      <Button icon={<ImportOutlined />} disabled={readOnly} onClick={onImport}>
        {t('campaigns.list.import')}
      </Button>
      {/* The preview is the activity's H5 page: a discount, store or staff list has none. */}
      {draft.activity ? (
        <Button icon={<EyeOutlined />} loading={a.pending === 'preview'} onClick={a.openPreview}>
          {t('campaigns.editor.preview')}
        </Button>
      ) : null}
      <Button
        icon={<SaveOutlined />}
        disabled={readOnly || !s.dirty}
        loading={a.pending === 'save'}
        onClick={() => void a.save()}
      >
        {t('campaigns.editor.save')}
      </Button>
      <Popconfirm
        title={liveSide ? t('campaigns.editor.submit.titleRevise') : t('campaigns.editor.submit.title')}
        description={t('campaigns.editor.submit.desc')}
        okText={t('campaigns.editor.submit.ok')}
        cancelText={t('common.cancel')}
        onConfirm={a.submit}
        disabled={readOnly}
      >
        <Button type="primary" icon={<SendOutlined />} disabled={readOnly} loading={a.pending === 'submit'}>
          {t('campaigns.editor.submit')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** 提交前检查: the server's findings while typing, each under the field's label. */
function CheckList({ errors }: { errors: Record<string, string> }) {
  const list = Object.entries(errors);
  if (!list.length) return <p className="ok-text">{t('campaigns.editor.checksOk')}</p>;
  return (
    <ul className="check-list" data-testid="check-errors">
      {list.map(([k, v]) => (
        <li key={k}>
          <strong>{pathLabel(k)}</strong>
          {t('campaigns.checks.item', { message: v })}
        </li>
      ))}
    </ul>
  );
}

/** The draft's panels: basics and the kind's settings, checks and uploads, prizes and the simulation. */
function EditorPanels({
  id,
  draft,
  readOnly,
  s,
}: {
  id: string;
  draft: CampaignDraft;
  readOnly: boolean;
  s: DraftState;
}) {
  const { errors, change } = s;
  const prizes = draft.activity?.prizes;
  const prizeErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('activity.prizes.'))
      .map(([k, v]) => [k.slice('activity.prizes.'.length), v]),
  );
  const kind = KIND_LABEL[draft.kind] ?? draft.kind;
  const props = { id, draft, onChange: change, errors, readOnly };
  return (
    <>
      <div className="editor-row">
        <div className="editor-col">
          {draft.activity ? (
            <Panel title={t('campaigns.editor.basics')}>
              <Basics {...props} />
            </Panel>
          ) : null}
          {draft.activity ? (
            <Panel title={et('campaigns.game.title')}>
              <GameSettings {...props} />
            </Panel>
          ) : null}
          <KindSettings {...props} kind={kind} />
        </div>
        <div className="editor-col">
          <Panel title={t('campaigns.editor.checks')}>
            <CheckList errors={errors} />
          </Panel>
          {/* A banner and a white list belong to an activity's page and draws: a store or staff list has neither. */}
          {draft.activity ? (
            <Panel title={t('campaigns.editor.uploads')}>
              <Uploads {...props} />
            </Panel>
          ) : null}
        </div>
      </div>
      {prizes ? (
        <Panel title={t('campaigns.editor.prizes')} className="prize-panel">
          <div className="editor-row">
            <PrizeTable
              campaignId={id}
              prizes={prizes}
              mode={s.mode}
              onMode={s.setMode}
              errors={prizeErrors}
              readOnly={readOnly}
              onChange={(p) => change(['activity', 'prizes'], p)}
            />
            <section aria-label={t('campaigns.editor.live')} className="live-column">
              <LiveSummary prizes={prizes} />
            </section>
          </div>
        </Panel>
      ) : null}
      {prizes ? (
        <Panel title={t('campaigns.editor.simulate')} className="prize-panel">
          <SimulatePanel id={id} draft={draft} />
        </Panel>
      ) : null}
    </>
  );
}

/** The editor before the draft is read: loading, not found, or failed. */
function EditorPending({ id, error, retry }: { id: string; error: Error | null; retry: () => unknown }) {
  return (
    <div className="console-page" aria-busy={error ? undefined : 'true'}>
      <PageHead title={t('campaigns.editor.title')} subtitle={error ? undefined : t('campaigns.detail.loading')} />
      {!error ? (
        <Panel>
          <div className="skeleton" />
        </Panel>
      ) : (error as ApiError).status === 404 ? (
        <StatePanel
          tone="warning"
          title={t('campaigns.detail.notFound')}
          body={t('campaigns.detail.notFoundBody', { id })}
        />
      ) : (
        <LoadFailed error={error} retry={retry} />
      )}
    </div>
  );
}

/** The dialogs the editor opens: a 409's two versions, the preview link, a YAML import into this draft. */
function EditorDialogs({
  id,
  s,
  a,
  importing,
  onImported,
}: {
  id: string;
  s: DraftState;
  a: DraftActions;
  importing: boolean;
  onImported: (done: boolean) => void;
}) {
  return (
    <>
      {a.conflict ? (
        <ConflictDialog
          conflict={a.conflict}
          pending={a.pending === 'save'}
          onCancel={() => a.setConflict(null)}
          onKeepMine={() => void a.save(a.conflict?.theirsRev)}
          onTakeTheirs={() => a.conflict && a.takeTheirs(a.conflict)}
        />
      ) : null}
      {a.preview ? (
        <PreviewDialog url={a.preview.url} expiresAt={a.preview.expiresAt} onClose={() => a.setPreview(null)} />
      ) : null}
      {importing ? (
        <ImportYamlDialog
          id={id}
          onClose={() => onImported(false)}
          onImported={() => {
            s.reload();
            onImported(true);
          }}
        />
      ) : null}
    </>
  );
}

/** The campaign editor: every kind; live odds, cost and exposure; checks, save (409), simulate, preview, submit. */
function EditorScreenBody() {
  const { id = '' } = useParams();
  const { state: s, actions: a, liveSide } = useDraftEditor(id);
  const [importing, setImporting] = useState(false);
  const { detail, draft } = s;
  if (detail.error || !detail.data || !draft)
    return <EditorPending id={id} error={detail.error} retry={detail.refetch} />;
  const c = detail.data.campaign;
  const readOnly = LOCKED.has(c.state) || c.revisionState === 'submitted';
  const title = t('campaigns.editor.heading', {
    mode: liveSide ? t('campaigns.editor.modeRevise') : t('campaigns.editor.modeEdit'),
    title: draft.activity?.title ?? c.title ?? id,
  });
  const subtitle = t('campaigns.editor.subtitle', {
    kind: KIND_LABEL[draft.kind] ?? draft.kind,
    rev: s.rev,
    saved: s.dirty ? t('campaigns.editor.unsaved') : t('campaigns.editor.saved'),
  });
  const head = { id, draft, readOnly, liveSide, s, a, c };
  return (
    <div className="console-page console-page--wide editor">
      <nav className="crumbs" aria-label={t('campaigns.detail.crumbs')}>
        <Link to="/campaigns">{t('campaigns.list.title')}</Link> /{' '}
        <Link to={`/campaigns/${encodeURIComponent(id)}`}>{c.title || id}</Link> /{' '}
        <span>{t('campaigns.editor.crumb')}</span>
      </nav>
      <PageHead
        title={title}
        subtitle={subtitle}
        extra={<EditorActions {...head} onImport={() => setImporting(true)} />}
      />
      {readOnly ? <Alert className="gap" type="info" showIcon title={t('campaigns.editor.readOnly')} /> : null}
      {a.failure ? (
        <Alert
          className="gap"
          type="error"
          showIcon
          role="alert"
          title={a.failure}
          closable={{ onClose: () => a.setFailure(null) }}
        />
      ) : null}
      <EditorPanels id={id} draft={draft} readOnly={readOnly} s={s} />
      <EditorDialogs id={id} s={s} a={a} importing={importing} onImported={() => setImporting(false)} />
    </div>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const EditorScreen = () => (
  <App component={false}>
    <EditorScreenBody />
  </App>
);
