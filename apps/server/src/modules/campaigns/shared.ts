import {
  budgetCents,
  type CampaignDraft,
  type CampaignRow,
  type CampaignState,
  consoleRolesOf,
  type Locale,
  type RevisionState,
  slotOf,
} from '@campaign/contract';
import { handOver, type Own, type PortTx } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { AppError } from '../../platform/errors';
import type { NotificationsPort } from '../../platform/notifications-port';
import type { ServiceDeps } from '../../platform/services';
import { draftProblems, timeOf } from './checks';
import type {
  ApprovalPolicyPort,
  AuditTrailPort,
  CampaignFilePort,
  HaltsPort,
  LiveActivityPort,
  StaffNamesPort,
  WhiteListsPort,
} from './ports';
import * as repo from './repo';
import { shapeProblems } from './shape';

export interface Acting {
  actor: AuditActor;
  ip: string | null;
  locale: Locale;
}

export type CampaignsDeps = ServiceDeps<'campaigns'> & {
  audit: AuditPort;
  /** The campaign's page lists what was done to it. */
  trail: AuditTrailPort;
  file: CampaignFilePort;
  live: LiveActivityPort;
  policy: ApprovalPolicyPort;
  halts: HaltsPort;
  staff: StaffNamesPort;
  whiteLists: WhiteListsPort;
  /** The console's bell: approvers told what waits for them, makers what was decided. */
  notify: NotificationsPort;
};

type RowLike = Pick<repo.CampaignRowDb, 'state' | 'starts_at' | 'ends_at'>;

/** The state now: the clock moves scheduled → live at starts_at and anything running → ended at ends_at. */
export function stateNow(row: RowLike, now: number): CampaignState {
  const s = row.state as CampaignState;
  const running = s === 'scheduled' || s === 'live' || s === 'paused';
  if (running && row.ends_at !== null && now >= Number(row.ends_at)) return 'ended';
  if (s === 'scheduled' && row.starts_at !== null && now >= Number(row.starts_at)) return 'live';
  return s;
}

/** Live, scheduled or paused: a change is a revision of what is published. */
/** The actor of what the clock does (→ live at starts_at, → ended at ends_at). */
export const CLOCK_ACTOR: AuditActor = { id: 'system', name: '系统（定时）', roles: [] };

export const isPublished = (s: CampaignState) => s === 'scheduled' || s === 'live' || s === 'paused';

export function toRow(
  r: Pick<
    repo.CampaignRowDb,
    | 'id'
    | 'kind'
    | 'title'
    | 'state'
    | 'revision_state'
    | 'starts_at'
    | 'ends_at'
    | 'version'
    | 'updated_at'
    | 'updated_by'
  >,
  names: Map<string, string>,
  now: number,
  halted: boolean,
): CampaignRow {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind as CampaignRow['kind'],
    state: stateNow(r, now),
    revisionState: r.revision_state as RevisionState | null,
    startsAt: r.starts_at === null ? null : Number(r.starts_at),
    endsAt: r.ends_at === null ? null : Number(r.ends_at),
    version: r.version,
    updatedAt: Number(r.updated_at),
    updatedBy: {
      id: r.updated_by,
      name: names.get(r.updated_by) ?? (r.updated_by === CLOCK_ACTOR.id ? CLOCK_ACTOR.name : r.updated_by),
    },
    halted,
  };
}

/** The columns copied out of a draft: title, window, slot, budget. */
export function draftColumns(draft: CampaignDraft) {
  const section = draft.activity ?? draft.discount;
  const title = draft.activity?.title ?? draft.discount?.title ?? draft.stores?.list.name;
  return {
    ...(title ? { title } : {}),
    starts_at: timeOf(section?.startsAt),
    ends_at: timeOf(section?.endsAt),
    slot: slotOf(draft),
    budget_cents: budgetCents(draft),
  };
}

export function parseDraft(text: string | null): CampaignDraft | null {
  return text === null ? null : (JSON.parse(text) as CampaignDraft);
}

/**
 * The steps every campaign use case shares, bound to the deps: load a campaign, every check on a draft
 * (campaignProblems below), an audit entry, staff names.
 */
export function campaignHelpers(deps: CampaignsDeps) {
  const db = deps.database.db;

  async function load(corpId: string, id: string, ex: Own<'campaigns'> = db) {
    const row = await repo.getCampaign(ex, corpId, id);
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
    return row;
  }

  /** Every check, the slot included: field errors (empty when the draft may be submitted or published). */
  function problems(corpId: string, id: string, draft: CampaignDraft, locale: Locale, ex: Own<'campaigns'> = db) {
    return campaignProblems(deps, corpId, id, draft, locale, ex);
  }

  async function audit(
    tx: PortTx,
    acting: Pick<Acting, 'actor' | 'ip'>,
    corpId: string,
    action: string,
    subject: string,
    before: unknown,
    after: unknown,
  ) {
    await deps.audit.append(tx, {
      corpId,
      at: deps.clock(),
      actor: acting.actor,
      ip: acting.ip,
      action,
      subject,
      before,
      after,
    });
  }

  async function names(corpId: string, ids: (string | null | undefined)[]) {
    return deps.staff.names(corpId, [...new Set(ids.filter((x): x is string => typeof x === 'string'))]);
  }

  return { load, problems, audit, names };
}
export type CampaignHelpers = ReturnType<typeof campaignHelpers>;

/** Every check, the slot included: field errors (empty when the draft may be submitted or published). */
export async function campaignProblems(
  deps: CampaignsDeps,
  corpId: string,
  id: string,
  draft: CampaignDraft,
  locale: Locale,
  ex: Own<'campaigns'>,
): Promise<Record<string, string>> {
  const now = deps.clock();
  const shape = shapeProblems(draft, locale);
  if (Object.keys(shape).length) return shape;
  const fields = draftProblems({ corpId, id, draft, now, locale }, deps.file);
  // A list the draft names but the corp does not have would admit nobody once published.
  const listRef = draft.whiteList?.ref;
  if (listRef && !(await deps.whiteLists.exists(handOver(ex), corpId, listRef))) {
    fields.whiteList ??=
      locale === 'zh-CN' ? '找不到这份白名单，请重新上传' : 'this white list was not found: upload it again';
  }
  await codePoolProblems(deps, corpId, draft, locale, ex, fields);
  if (draft.staffList && !fields.staffList) {
    const changed = await consoleRoleChanges(deps, corpId, draft.staffList, handOver(ex));
    if (changed.length) {
      fields.staffList =
        locale === 'zh-CN'
          ? `人员名单只能调整门店核销人员；控制台岗位（运营、审批、审计、管理员）由管理员在「人员与权限」中调整，名单须与现状一致：${changed.join('、')}`
          : `a staff list may change store clerks only; console roles are the admin's, in Staff: keep them as they are for ${changed.join(', ')}`;
    }
  }
  const slot = slotOf(draft);
  const cols = draftColumns(draft);
  if (slot && cols.starts_at !== null && cols.ends_at !== null && !fields['activity.startsAt']) {
    const holders = await repo.slotHolders(
      ex,
      corpId,
      slot,
      { startsAt: cols.starts_at, endsAt: cols.ends_at },
      id,
      now,
    );
    const first = holders[0];
    if (first) {
      fields.slot ??=
        locale === 'zh-CN'
          ? `该入口在此时段已有活动「${first.title}」，同一入口同时只能有一个活动：请在入口时间轴上选一个空闲入口`
          : `campaign ${first.id} already holds entry slot ${slot} in this window`;
    }
  }
  return fields;
}

/**
 * The members whose console roles the list would change (ADR 0341): listed with other console roles than
 * they hold, listed with one they do not hold (a newcomer), or left out while holding one (publishing the
 * list would disable them). Checked at submit and again at publication, against the roles then.
 */
async function consoleRoleChanges(
  deps: CampaignsDeps,
  corpId: string,
  list: NonNullable<CampaignDraft['staffList']>,
  tx: PortTx,
) {
  const now = await deps.staff.consoleRoles(corpId, tx);
  const changed: string[] = [];
  const listed = new Set<string>();
  for (const s of list) {
    const id = String(s.id ?? '');
    listed.add(id);
    const wanted = consoleRolesOf(Array.isArray(s.roles) ? s.roles.map(String) : []);
    if (wanted.join() !== (now.get(id) ?? []).join()) changed.push(id);
  }
  for (const id of now.keys()) if (!listed.has(id)) changed.push(id);
  return changed;
}

/**
 * A coupon's uploaded code pool (ADR 0390) must still be the corp's, and hold a code for every unit of stock:
 * a prize whose stock outran its codes would refuse the draws past the last code.
 */
async function codePoolProblems(
  deps: CampaignsDeps,
  corpId: string,
  draft: CampaignDraft,
  locale: Locale,
  ex: Own<'campaigns'>,
  fields: Record<string, string>,
) {
  const prizes = Array.isArray(draft.activity?.prizes) ? (draft.activity?.prizes ?? []) : [];
  for (const [i, p] of prizes.entries()) {
    const ref = p.codes?.ref;
    if (!ref) continue;
    const pool = await deps.whiteLists.codePool(handOver(ex), corpId, ref);
    const path = `activity.prizes.${i}.codes`;
    if (!pool) {
      fields[path] ??=
        locale === 'zh-CN' ? '找不到这份券码文件，请重新上传' : 'this code pool was not found: upload it again';
    } else if (typeof p.stock === 'number' && p.stock > pool.rows && !fields[`activity.prizes.${i}.stock`]) {
      // Each unit of stock takes one code (a declined unit gives its code back): the total stock fits the pool.
      fields[`activity.prizes.${i}.stock`] =
        locale === 'zh-CN'
          ? `库存不能超过券码池的券码数（${pool.rows.toLocaleString('zh-CN')} 个）`
          : `the stock exceeds the pool's codes (${pool.rows})`;
    }
  }
}
