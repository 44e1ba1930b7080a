import './campaign.css';
import { t } from '../i18n';
import type { CampaignState, RevisionState } from './api';
import { REVISION_LABEL, STATE_LABEL } from './campaign-messages';

/** The states a corp's kill switch stops: what runs, or would run, for customers (ADR 0332). */
export const HALTABLE_STATES: ReadonlySet<CampaignState> = new Set(['scheduled', 'live', 'paused']);

/**
 * A campaign's state as a tag of its fixed colour (the console's own: AA contrast on every state, which
 * antd's light presets do not all reach), and its pending revision beside it. While the corp's kill switch is
 * on, a campaign that runs (or would) says it is stopped, with the state it returns to in its tooltip.
 */
export function StateTag({
  state,
  revision,
  halted = false,
}: {
  state: CampaignState;
  revision?: RevisionState | null;
  halted?: boolean;
}) {
  const label = STATE_LABEL[state] ?? state;
  return (
    <span className="state-tags">
      {halted && HALTABLE_STATES.has(state) ? (
        <span className="state-tag state-tag--halted" data-state="halted" title={t('halt.tag.tip', { state: label })}>
          {t('halt.tag')}
        </span>
      ) : (
        <span className={`state-tag state-tag--${state}`} data-state={state}>
          {label}
        </span>
      )}
      {revision ? (
        <span className="state-tag state-tag--revision" data-revision={revision}>
          {REVISION_LABEL[revision] ?? revision}
        </span>
      ) : null}
    </span>
  );
}
