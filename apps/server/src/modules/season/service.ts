import { maskMobile, SEASON_TOP, type SeasonCredit, type SeasonTask } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { periodOf, seasonBasics } from './basics';
import type { SeasonTaskDef } from './definition';
import type { SeasonCataloguePort, SeasonPrizesPort } from './ports';
import * as rank from './rank-repo';
import * as repo from './repo';

/** A visit token is good for this long after its seconds have passed (then the page must be opened again). */
const VISIT_TOKEN_GRACE_MS = 30 * 60_000;

export function createSeasonService(
  deps: ServiceDeps<'season'> & { activities: SeasonCataloguePort; prizes: SeasonPrizesPort },
) {
  const { database, clock, sealer, activities } = deps;
  const db = database.db;
  const { reader, season, visibleSeason, statusOf, task, standing, credit, creditTask, prizeView } = seasonBasics(deps);

  // Which season tasks a draw feeds is read on every draw and changes only when a campaign is imported:
  // kept briefly, like the activity definitions (modules/activity, ADR 0052). Never the points themselves.
  const drawTaskTtl = deps.config.env === 'test' ? 0 : 1_000;
  const drawTaskCache = new Map<string, { at: number; tasks: repo.DrawTaskRow[] }>();

  return {
    standing,

    async home(corp: Corp, user: RequestUser, actId: string) {
      const { s, act } = await visibleSeason(corp.id, actId);
      const now = clock();
      const [me, count, ledger] = await Promise.all([
        standing(corp.id, actId, user.id),
        rank.participants(reader, corp.id, actId),
        repo.ledgerOf(db, corp.id, actId, user.id),
      ]);
      const views = taskViews(s.tasks, ledger, now);
      return {
        actId,
        title: act.row.title,
        subtitle: act.row.subtitle,
        startsAt: s.starts_at,
        endsAt: s.ends_at,
        serverTime: now,
        status: statusOf(s, act, now),
        participants: count,
        me,
        tasksDone: views.filter((v) => v.doneNow).length,
        tasksTotal: views.filter((v) => v.period !== 'perInvitee').length,
      };
    },

    async rank(corp: Corp, user: RequestUser, actId: string) {
      await visibleSeason(corp.id, actId);
      const [rows, me, count] = await Promise.all([
        rank.top(db, corp.id, actId, SEASON_TOP),
        standing(corp.id, actId, user.id),
        rank.participants(reader, corp.id, actId),
      ]);
      return {
        participants: count,
        me,
        top: rows.map((r, i) => ({
          rank: i + 1,
          name: r.mobile ? maskMobile(r.mobile) : `用户${(r.nuid ?? r.user_id).slice(-4)}`,
          score: Number(r.score),
          me: r.user_id === user.id,
        })),
      };
    },

    async tasks(corp: Corp, user: RequestUser, actId: string) {
      const { s, act } = await visibleSeason(corp.id, actId);
      const now = clock();
      const [ledger, me] = await Promise.all([
        repo.ledgerOf(db, corp.id, actId, user.id),
        standing(corp.id, actId, user.id),
      ]);
      return { status: statusOf(s, act, now), tasks: taskViews(s.tasks, ledger, now), me };
    },

    async signIn(corp: Corp, user: RequestUser, actId: string, taskId: string): Promise<SeasonCredit> {
      const s = await season(corp.id, actId);
      const t = task(s, taskId, 'signin');
      await activities.admit(corp, user, actId);
      return creditTask(corp.id, actId, user.id, t, clock());
    },

    /** A server-sealed start time: the visit credits only when the server's own clock says it has lasted. */
    async visitStart(corp: Corp, user: RequestUser, actId: string, taskId: string) {
      const s = await season(corp.id, actId);
      const t = task(s, taskId, 'visit');
      await activities.admit(corp, user, actId);
      const now = clock();
      const ledger = await repo.ledgerOf(db, corp.id, actId, user.id);
      const token = sealer.seal(corp.id, JSON.stringify({ a: actId, t: taskId, u: user.id, s: now }));
      const period = periodOf(t, now);
      return {
        token,
        seconds: t.seconds ?? 0,
        startedAt: now,
        doneNow: ledger.some((l) => l.task_id === t.id && l.period === period),
      };
    },

    async visitFinish(corp: Corp, user: RequestUser, actId: string, taskId: string, token: string) {
      const s = await season(corp.id, actId);
      const t = task(s, taskId, 'visit');
      const opened = sealer.open(corp.id, token);
      let started: number | null = null;
      try {
        const v = opened ? (JSON.parse(opened) as Record<string, unknown>) : null;
        if (v && v.a === actId && v.t === taskId && v.u === user.id && typeof v.s === 'number') started = v.s;
      } catch {
        started = null;
      }
      const now = clock();
      const need = (t.seconds ?? 0) * 1000;
      if (started === null || now - started > need + VISIT_TOKEN_GRACE_MS) throw new AppError('SEASON_VISIT_TOKEN');
      if (now - started < need) {
        const left = Math.ceil((need - (now - started)) / 1000);
        throw new AppError('SEASON_VISIT_TOO_SOON', { 'zh-CN': `还需浏览 ${left} 秒`, 'en-US': `${left} s to go` });
      }
      await activities.admit(corp, user, actId);
      return creditTask(corp.id, actId, user.id, t, now);
    },

    async prizeList(corp: Corp, user: RequestUser, actId: string) {
      const { s, act } = await visibleSeason(corp.id, actId);
      const status = statusOf(s, act, clock());
      const me = await standing(corp.id, actId, user.id);
      const bands = [...s.bands]
        .sort((a, b) => a.from - b.from)
        .flatMap((b) => {
          const prize = prizeView(act, b.prize);
          return prize ? [{ from: b.from, to: b.to, prize }] : [];
        });
      let result = null;
      if (status === 'settled') {
        const r = await repo.resultOf(db, corp.id, actId, user.id);
        result = r
          ? { rank: Number(r.rank), score: Number(r.score), prize: prizeView(act, r.prize_id) }
          : { rank: me.rank, score: me.score, prize: null };
      }
      return { status, endsAt: s.ends_at, bands, me, result };
    },

    /**
     * A draw happened in `actId` (a step of the draw's transaction): credits the draw tasks of the seasons
     * live now that name that activity. Most activities feed none: one indexed lookup.
     */
    *drawCounted(x: import('../../db/tx').TxExec, a: { corpId: string; userId: string; actId: string; now: number }) {
      const key = `${a.corpId}|${a.actId}`;
      const hit = drawTaskCache.get(key);
      let tasks = hit && a.now - hit.at < drawTaskTtl ? hit.tasks : null;
      if (!tasks) {
        tasks = yield* repo.drawTasks(x, a.corpId, a.actId);
        if (drawTaskTtl > 0) drawTaskCache.set(key, { at: a.now, tasks });
      }
      for (const t of tasks) {
        if (a.now < Number(t.starts_at) || a.now >= Number(t.ends_at)) continue;
        yield* repo.credit(x, {
          corp_id: a.corpId,
          act_id: t.act_id,
          user_id: a.userId,
          task_id: t.task_id,
          period: periodOf({ period: t.period as SeasonTaskDef['period'] }, a.now),
          points: t.points,
          created_at: a.now,
        });
      }
    },

    /**
     * The shape of the offers module's InviteTaskPort: a counted invite credits the inviter's invite task in
     * every season of the corp live at `at`, once per invitee (the ledger's period is the invitee).
     */
    async inviteCounted(corpId: string, inviterUserId: string, inviteeUserId: string, at: number): Promise<void> {
      for (const s of await repo.corpSeasons(db, corpId)) {
        if (s.settled_at !== null || at < s.starts_at || at >= s.ends_at) continue;
        for (const t of s.tasks.filter((x) => x.kind === 'invite')) {
          await credit(corpId, s.act_id, inviterUserId, t, at, inviteeUserId);
        }
      }
    },
  };
}
export type SeasonService = ReturnType<typeof createSeasonService>;

function taskViews(
  tasks: readonly SeasonTaskDef[],
  ledger: readonly { task_id: string; period: string }[],
  now: number,
): SeasonTask[] {
  return tasks.map((t) => {
    const mine = ledger.filter((l) => l.task_id === t.id);
    const period = periodOf(t, now);
    return {
      id: t.id,
      kind: t.kind,
      title: t.title,
      points: t.points,
      period: t.period,
      actId: t.actId ?? null,
      seconds: t.seconds ?? null,
      doneNow: t.period !== 'perInvitee' && mine.some((l) => l.period === period),
      timesTotal: mine.length,
    };
  });
}
