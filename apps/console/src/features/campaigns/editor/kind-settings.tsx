import type { CampaignDraft } from '#console/shared/campaign/api';
import { Panel } from '#console/shared/panel';
import { t } from '../messages';
import { DiscountScope } from './discount-scope';
import { GAME_PAGE_KEYS } from './game-settings';
import { ObjectForm } from './object-form';
import { skippedKeys, useStoreChoices } from './store-choices';
import type { DraftState } from './use-draft-editor';

/** What the kind's form leaves out: the fields the other panels (basics, uploads, prizes, 游戏设置) show. */
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
  ...GAME_PAGE_KEYS,
]);

/** The keys shown elsewhere; the page group too when 游戏设置 and the banner box show all of it. */
function skipFor(draft: CampaignDraft): Set<string> {
  const page = Object.keys(draft.activity?.page ?? {});
  return page.every((k) => SKIP.has(`activity.page.${k}`)) ? new Set([...SKIP, 'activity.page']) : SKIP;
}

/** The kind's own settings (drawn from the draft's shape), and a discount's cards and merchants. */
export function KindSettings({
  draft,
  onChange,
  errors,
  readOnly,
  kind,
}: {
  draft: CampaignDraft;
  onChange: DraftState['change'];
  errors: Record<string, string>;
  readOnly: boolean;
  kind: string;
}) {
  const choices = useStoreChoices(draft);
  return (
    <>
      <Panel title={t('campaigns.editor.kindSettings', { kind })}>
        <ObjectForm
          value={draft}
          path={[]}
          onChange={onChange}
          errors={errors}
          readOnly={readOnly}
          skip={skippedKeys(skipFor(draft), draft.kind)}
          choices={choices}
        />
      </Panel>
      {draft.discount ? (
        <Panel title={t('campaigns.editor.scope')}>
          <DiscountScope draft={draft} onChange={onChange} errors={errors} readOnly={readOnly} />
        </Panel>
      ) : null}
    </>
  );
}
