import { type CampaignDraft, KIND_ACTIVITY_TYPE } from '@campaign/contract';
import type { FileIssue } from './ports';

// A draft is the campaign's part of the YAML campaign file: here it becomes that file (with the corp and the
// campaign id filled in), and a problem found in the file is named by its path in the draft.

type Obj = Record<string, unknown>;

/** The campaign file object `cli import` would read for this draft. */
export function fileOf(
  corpId: string,
  id: string,
  draft: CampaignDraft,
  opts: { paused?: boolean; whiteList?: boolean; pools?: boolean } = {},
): Obj {
  const type = KIND_ACTIVITY_TYPE[draft.kind];
  // Published, an uploaded white list limits the activity to its customers while 仅白名单可参与 is on (ADR 0382;
  // the YAML export leaves it out: the list's rows are not in the file). Off, the list stays in the draft only.
  const listed = draft.activity?.eligibility?.whiteListOnly === true && opts.whiteList && draft.whiteList?.ref;
  const listedAct =
    draft.activity && type !== null
      ? listed
        ? { ...draft.activity, eligibility: { ...draft.activity.eligibility, whiteList: draft.whiteList?.ref } }
        : draft.activity
      : undefined;
  // A coupon's uploaded code pool is the file's `codePool` when the draft is checked or published (ADR 0390); the
  // YAML export leaves it out, as it leaves out the white list (the codes are not in the file).
  const act = listedAct?.prizes
    ? {
        ...listedAct,
        prizes: listedAct.prizes.map(({ codes, ...p }) =>
          opts.pools && codes?.ref ? { ...p, codePool: codes.ref } : p,
        ),
      }
    : listedAct;
  const page = (act?.page ?? {}) as Obj;
  return {
    activities: act
      ? [
          {
            ...act,
            id,
            corp: corpId,
            state: opts.paused ? 'paused' : 'published',
            page: draft.banner ? { ...page, banner: draft.banner } : page,
          },
        ]
      : [],
    discounts: draft.discount ? [{ ...draft.discount, id, corp: corpId }] : [],
    seasons: draft.season && act ? [{ ...draft.season, act: id, corp: corpId }] : [],
    invites: draft.invites && act ? [{ ...draft.invites, actId: id, corp: corpId }] : [],
    stores: (draft.stores?.stores ?? []).map((s) => ({ ...s, corp: corpId })),
    storeLists: draft.stores ? [storeListOf(corpId, id, draft)] : [],
    staff: (draft.staffList ?? []).map((s) => ({ ...s, corp: corpId })),
  };
}

/**
 * The draft's store list: a coupon campaign's list redeems the campaign's own prizes, so the campaign is named
 * on it whatever the draft says (the editor does not show that field for coupons).
 */
function storeListOf(corpId: string, id: string, draft: CampaignDraft): Obj {
  const list = draft.stores?.list ?? { name: '', stores: [] };
  const acts = Array.isArray(list.activities) ? list.activities : [];
  const activities = draft.kind === 'coupon' && draft.activity ? [...new Set([...acts, id])] : acts;
  return { ...list, id: list.id ?? id, corp: corpId, activities };
}

const SECTION_PATHS: Record<string, (rest: (string | number)[]) => (string | number)[]> = {
  activities: (r) => ['activity', ...r.slice(1)],
  discounts: (r) => ['discount', ...r.slice(1)],
  seasons: (r) => ['season', ...r.slice(1)],
  invites: (r) => ['invites', ...r.slice(1)],
  stores: (r) => ['stores', 'stores', ...r],
  storeLists: (r) => ['stores', 'list', ...r.slice(1)],
  staff: (r) => ['staffList', ...r],
};

/** `activities.0.prizes.2.valueCents` → `activity.prizes.2.valueCents`. */
export function draftPath(issue: FileIssue): string {
  const [section, ...rest] = issue.path;
  const map = typeof section === 'string' ? SECTION_PATHS[section] : undefined;
  return (map ? map(rest) : issue.path).map(String).join('.') || 'draft';
}

/** The sections each kind must have (the others are refused, so a draft publishes exactly what it shows). */
export const KIND_SECTIONS: Record<CampaignDraft['kind'], readonly (keyof CampaignDraft)[]> = {
  wheel: ['activity'],
  grid: ['activity'],
  scratch: ['activity'],
  blindbox: ['activity'],
  common: ['activity'],
  signin: ['activity', 'season'],
  newCustomer: ['activity'],
  newUser: ['activity'],
  ranking: ['activity', 'season'],
  discount: ['discount'],
  coupon: ['activity'],
  storeList: ['stores'],
  staffList: ['staffList'],
};
/** Optional sections a kind may have besides its own. */
export const KIND_EXTRAS: Partial<Record<CampaignDraft['kind'], readonly (keyof CampaignDraft)[]>> = {
  newCustomer: ['invites'],
  newUser: ['invites'],
  coupon: ['stores'],
};
