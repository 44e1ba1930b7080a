import type { SeasonCredit } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import { read, transact } from '../../db/tx';
import { AppError } from '../../platform/errors';
import type { RiskEnginePort, RiskVerdict } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { SeasonTaskDef } from './definition';
import type { SeasonActivity, SeasonCataloguePort } from './ports';
import * as rank from './rank-repo';
import * as repo from './repo';

/** The ledger period a task credits in at `at`: once per campaign day, season, or invited friend. */
export function periodOf(task: Pick<SeasonTaskDef, 'period'>, at: number, inviteeId?: string): string {
  if (task.period === 'daily') return campaignDay(at);
  if (task.period === 'once') return 'once';
  return `invitee:${inviteeId ?? ''}`;
}

export type SeasonStatus = 'scheduled' | 'live' | 'ended' | 'settled';

/** What the season's use cases share: finding a season and its task, its status, crediting, standing. */
export function seasonBasics(deps: ServiceDeps<'season'> & { activities: SeasonCataloguePort; risk?: RiskEnginePort }) {
  const { database, activities } = deps;
  const db = database.db;
  const reader = <P, R>(q: Parameters<typeof read<P, R>>[1], params: P) => read(database, q, params);

  async function season(corpId: string, actId: string) {
    const s = await repo.getSeason(db, corpId, actId);
    if (!s) throw new AppError('SEASON_NOT_FOUND');
    return s;
  }
  /** The season and its activity, as a customer may see them. */
  async function visibleSeason(corpId: string, actId: string) {
    const s = await season(corpId, actId);
    return { s, act: await activities.visible(corpId, actId) };
  }
  function statusOf(s: repo.SeasonRow, act: SeasonActivity, now: number): SeasonStatus {
    if (s.settled_at !== null) return 'settled';
    if (act.row.state === 'ended' || now >= s.ends_at) return 'ended';
    if (now < s.starts_at) return 'scheduled';
    return 'live';
  }
  function task(s: repo.SeasonRow, taskId: string, kind: SeasonTaskDef['kind']): SeasonTaskDef {
    const t = s.tasks.find((x) => x.id === taskId && x.kind === kind);
    if (!t) throw new AppError('SEASON_TASK_NOT_FOUND');
    return t;
  }
  const standing = (corpId: string, actId: string, userId: string) => rank.standing(reader, corpId, actId, userId);

  /**
   * Credits one task in one transaction; a repeat in the same period credits nothing (null). `verdict`: the risk
   * decision that let the credit through (a risk-checked season, ADR 0060), stored with it in its transaction.
   */
  function credit(
    corpId: string,
    actId: string,
    userId: string,
    t: SeasonTaskDef,
    at: number,
    more: { inviteeId?: string; verdict?: RiskVerdict } = {},
  ) {
    const period = periodOf(t, at, more.inviteeId);
    const { risk } = deps;
    return transact(database, function* (x) {
      const row = { corp_id: corpId, act_id: actId, user_id: userId, task_id: t.id, period, points: t.points };
      const done = yield* repo.credit(x, { ...row, created_at: at });
      if (more.verdict && risk)
        yield* risk.record(x, more.verdict, `season-task:${corpId}:${actId}:${userId}:${t.id}:${period}`, 0);
      return done;
    });
  }

  /** The credit and the customer's standing after it, for the customer's own calls. */
  async function creditTask(
    corpId: string,
    actId: string,
    userId: string,
    t: SeasonTaskDef,
    at: number,
    more: { inviteeId?: string; verdict?: RiskVerdict } = {},
  ): Promise<SeasonCredit> {
    const done = await credit(corpId, actId, userId, t, at, more);
    return { credited: done !== null, points: done ? t.points : 0, standing: await standing(corpId, actId, userId) };
  }

  function prizeView(act: SeasonActivity, prizeId: string) {
    const p = act.prizes.find((x) => x.id === prizeId);
    if (!p) return null;
    return { id: p.id, name: p.name, kind: p.kind, image: p.image, valueCents: p.value_cents };
  }

  return { reader, season, visibleSeason, statusOf, task, standing, credit, creditTask, prizeView };
}
