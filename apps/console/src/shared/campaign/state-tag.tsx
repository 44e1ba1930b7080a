import './campaign.css';
import type { CampaignState, RevisionState } from './api';
import { REVISION_LABEL, STATE_LABEL } from './text';

/**
 * A campaign's state as a tag of its fixed colour (the console's own: AA contrast on every state, which
 * antd's light presets do not all reach), and its pending revision beside it.
 */
export function StateTag({ state, revision }: { state: CampaignState; revision?: RevisionState | null }) {
  return (
    <span className="state-tags">
      <span className={`state-tag state-tag--${state}`} data-state={state}>
        {STATE_LABEL[state] ?? state}
      </span>
      {revision ? (
        <span className="state-tag state-tag--revision" data-revision={revision}>
          {REVISION_LABEL[revision] ?? revision}
        </span>
      ) : null}
    </span>
  );
}
