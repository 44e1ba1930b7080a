import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '#console/api/queries';
import { type ApiError, call } from '#console/api/request';
import { type CampaignConflict, type CampaignDraft, conflictOf, KEYS } from '#console/shared/campaign/api';
import { t } from '../messages';
import { normalizeFields, type Path, setAt } from './draft-util';
import { type OddsMode, PROBABILITY_TOTAL } from './prize-table';

// The editor's document: one draft (a JSON object edited in place by path), its rev, the server's checks while
// typing, and the save (409 → conflict), submit and preview calls. The screen only lays it out.

type Pending = 'save' | 'submit' | 'preview' | null;

/** The draft as loaded, edited and checked. */
function useDraftState(id: string) {
  const detail = useEndpointQuery('consoleCampaignDetail', { query: { id } }, { refetchOnWindowFocus: false });
  const [draft, setDraft] = useState<CampaignDraft | null>(null);
  const [rev, setRev] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [mode, setMode] = useState<OddsMode>('weight');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The rev just saved (state updates land after the submit that follows a save). */
  const savedRev = useRef(0);
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runCheck reads only its argument and the id
  useEffect(() => {
    if (detail.data && draft === null) {
      setDraft(detail.data.draft);
      setRev(detail.data.rev);
      savedRev.current = detail.data.rev;
      const sum = (detail.data.draft.activity?.prizes ?? []).reduce((s, p) => s + (p.weight || 0), 0);
      if (sum === PROBABILITY_TOTAL) setMode('probability');
      // 提交前检查 from the start: what stands in the way shows when the editor opens, not after typing.
      runCheck(detail.data.draft, 0);
    }
  }, [detail.data, draft]);
  useEffect(() => () => clearTimeout(checkTimer.current), []);

  /** The server's checks, 700 ms after the last change (at once when the editor opens). */
  const runCheck = (d: CampaignDraft, delay = 700) => {
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => {
      call('consoleCampaignCheck', { body: { id, draft: d } }).then(
        (r) => setErrors(normalizeFields(r.fields ?? {})),
        () => {},
      );
    }, delay);
  };
  const change = (path: Path, value: unknown) => {
    if (!draft) return;
    const next = setAt(draft, path, value);
    setDraft(next);
    setDirty(true);
    runCheck(next);
  };
  /** A rev the server holds now (saved, or theirs taken). */
  const settle = (r: number, d?: CampaignDraft) => {
    if (d) setDraft(d);
    setRev(r);
    savedRev.current = r;
    setDirty(false);
  };
  const reload = () => {
    setDraft(null);
    setDirty(false);
  };
  return { detail, draft, rev, dirty, mode, setMode, errors, setErrors, savedRev, change, settle, reload };
}

export type DraftState = ReturnType<typeof useDraftState>;

/** Save, submit and preview over the draft's state; a refusal lands in `failure` or the conflict dialog. */
function useDraftActions(id: string, s: DraftState, liveSide: boolean) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CampaignConflict | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [preview, setPreview] = useState<{ url: string; expiresAt: number } | null>(null);

  const refused = (e: unknown) => {
    const err = e as ApiError;
    const theirs = conflictOf(err);
    if (theirs) return setConflict(theirs);
    if (Object.keys(err.fields ?? {}).length) s.setErrors(normalizeFields(err.fields));
    setFailure(err.message);
  };
  /** Runs one call with its pending flag; false when refused. */
  const run = async (what: Exclude<Pending, null>, fn: () => Promise<void>): Promise<boolean> => {
    setPending(what);
    try {
      await fn();
      return true;
    } catch (e) {
      refused(e);
      return false;
    } finally {
      setPending(null);
    }
  };
  /** Saves when there is anything to save; false when refused. */
  const save = async (over?: number): Promise<boolean> => {
    if (!s.dirty && over === undefined) return true;
    setFailure(null);
    return run('save', async () => {
      const r = await call('consoleCampaignSave', {
        body: { id, draft: s.draft as CampaignDraft, baseRev: over ?? s.rev },
      });
      s.settle(r.rev);
      setConflict(null);
      await client.invalidateQueries({ queryKey: [KEYS.list] });
    });
  };
  const submit = async () => {
    if (!(await save())) return;
    await run('submit', async () => {
      await call('consoleCampaignSubmit', { body: { id, rev: s.savedRev.current } });
      message.success(liveSide ? t('campaigns.editor.submittedRevise') : t('campaigns.editor.submitted'));
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      navigate(`/campaigns/${encodeURIComponent(id)}`);
    });
  };
  const openPreview = async () => {
    if (!(await save())) return;
    await run('preview', async () => setPreview(await call('consoleCampaignPreview', { body: { id } })));
  };
  const takeTheirs = (c: CampaignConflict) => {
    s.settle(c.theirsRev, c.theirs);
    setConflict(null);
    message.info(t('campaigns.editor.tookTheirs'));
  };
  return {
    failure,
    setFailure,
    conflict,
    setConflict,
    pending,
    preview,
    setPreview,
    save,
    submit,
    openPreview,
    takeTheirs,
  };
}

export type DraftActions = ReturnType<typeof useDraftActions>;

/** The editor's state and calls for campaign `id`. */
export function useDraftEditor(id: string) {
  const state = useDraftState(id);
  const liveSide = (state.detail.data?.campaign.version ?? null) !== null;
  const actions = useDraftActions(id, state, liveSide);
  return { state, actions, liveSide };
}
