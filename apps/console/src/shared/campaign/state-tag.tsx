import './campaign.css';
import { Tag } from 'antd';
import type { CampaignState, RevisionState } from './api';
import { REVISION_LABEL, STATE_COLOR, STATE_LABEL } from './text';

/** A campaign's state as a Tag of its fixed colour, and its pending revision beside it. */
export function StateTag({ state, revision }: { state: CampaignState; revision?: RevisionState | null }) {
  return (
    <span className="state-tags">
      <Tag color={STATE_COLOR[state] ?? 'default'} bordered={false} data-state={state}>
        {STATE_LABEL[state] ?? state}
      </Tag>
      {revision ? (
        <Tag color="gold" bordered={false} data-revision={revision}>
          {REVISION_LABEL[revision] ?? revision}
        </Tag>
      ) : null}
    </span>
  );
}
