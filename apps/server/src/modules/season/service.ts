import { maskMobile, SEASON_TOP, type SeasonCredit, type SeasonTask } from '@campaign/contract';
import { read, transact } from '../../db/tx';
import { campaignDay } from '../../platform/campaign-day';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonTaskDef } from './definition';
import type { SeasonActivity, SeasonCataloguePort, SeasonPrizesPort } from './ports';
import * as rank from './rank-repo';
import * as repo from './repo';

/** A visit token is good for this long after its seconds have passed (then the page must be opened again). */
const VISIT_TOKEN_GRACE_MS = 30 * 60_000;

/** The ledger period a task credits in at `at`: once per campaign day, season, or invited friend. */
export function periodOf(task: Pick<SeasonTaskDef, 'period'>, at: number, inviteeId?: string): string {
  if (task.period === 'daily') return campaignDay(at);
  if (task.period === 'once') return 'once';
  return `invitee:${inviteeId ?? ''}`;
}

type Status = 'scheduled' | 'live' | 'ended' | 'settled';

export function createSeasonService(
  deps: ServiceDeps<'season'> & { activities: SeasonCataloguePort; prizes: SeasonPrizesPort },
) {
  const { database, clock, sealer, activities, prizes } = deps;
  const db = database.db;
  const reader = <P, R>(q: Parameters<typeof read<P, R>>[1], params: P) => read(database, q, params);

  // Which season tasks a draw feeds is read on every draw and changes only when a campaign is imported:
  // kept briefly, like the activity definitions (modules/activity, ADR 0052). Never the points themselves.
  const drawTaskTtl = deps.config.env === 'test' ? 0 : 1_000;
  const drawTaskCache = new Map<string, { at: number; tasks: repo.DrawTaskRow[] }>();

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
  function statusOf(s: repo.SeasonRow, act: SeasonActivity, now: number): Status {
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

  /** Credits one task in one transaction; a repeat in the same period credits nothing (null). */
  function credit(corpId: string, actId: string, userId: string, t: SeasonTaskDef, at: number, inviteeId?: string) {
    return transact(database, (x) =>
      repo.credit(x, {
        corp_id: corpId,
        act_id: actId,
        user_id: userId,
        task_id: t.id,
        period: periodOf(t, at, inviteeId),
        points: t.points,
        created_at: at,
      }),
    );
  }

  /** The credit and the customer's standing after it, for the customer's own calls. */
  async function creditTask(
    corpId: string,
    actId: string,
    userId: string,
    t: SeasonTaskDef,
    at: number,
    inviteeId?: string,
  ): Promise<SeasonCredit> {
    const done = await credit(corpId, actId, userId, t, at, inviteeId);
    return { credited: done !== null, points: done ? t.points : 0, standing: await standing(corpId, actId, userId) };
  }

  function prizeView(act: SeasonActivity, prizeId: string) {
    const p = act.prizes.find((x) => x.id === prizeId);
    if (!p) return null;
    return { id: p.id, name: p.name, kind: p.kind, image: p.image, valueCents: p.value_cents };
  }

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
     * Awards the rank bands once the season has ended: the first run claims the season (a conditional update)
     * and writes every award in the same transaction; a second run, or one at the same moment, awards nothing.
     */
    async settle(corpId: string, actId: string) {
      const s = await season(corpId, actId);
      const now = clock();
      if (now < s.ends_at) throw new AppError('SEASON_NOT_ENDED');
      const act = await activities.visible(corpId, actId);
      const byId = new Map(act.prizes.map((p) => [p.id, p]));
      const bands = [...s.bands].sort((a, b) => a.from - b.from);
      const last = bands.at(-1)?.to ?? 0;
      return transact(database, function* (x) {
        if (!(yield* repo.markSettled(x, corpId, actId, now))) return { settled: false, awarded: 0 };
        const winners = yield* repo.winners(x, corpId, actId, last);
        let awarded = 0;
        for (const [i, w] of winners.entries()) {
          const rank = i + 1;
          const band = bands.find((b) => rank >= b.from && rank <= b.to);
          const prize = band && byId.get(band.prize);
          if (!prize) continue;
          // A band's prize comes out of its stock like a drawn one: what is left stays true. The campaign
          // file cannot give a band more ranks than stock (cli/definition.ts); should a restock have made
          // it short, the rank past the last unit gets nothing rather than a unit that is not there.
          if (prize.total_stock !== null && !(yield* activities.takeStock(x, corpId, actId, prize.id))) continue;
          const award = yield* prizes.award(x, {
            corpId,
            userId: w.user_id,
            actId,
            drawId: `season:${corpId}:${actId}:${w.user_id}`,
            prize: { id: prize.id, kind: prize.kind, points: prize.points },
            now,
          });
          yield* repo.insertResult(x, {
            corp_id: corpId,
            act_id: actId,
            user_id: w.user_id,
            rank,
            score: Number(w.score),
            prize_id: prize.id,
            award_id: award?.id ?? null,
            created_at: now,
          });
          awarded++;
        }
        return { settled: true, awarded };
      });
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

    /** Demo and tests: credit a task as of `at` (seeded participants earn their points through the ledger). */
    async creditAt(corpId: string, actId: string, userId: string, taskId: string, at: number) {
      const s = await season(corpId, actId);
      const t = s.tasks.find((x) => x.id === taskId);
      if (!t) throw new AppError('SEASON_TASK_NOT_FOUND');
      return creditTask(corpId, actId, userId, t, at, t.period === 'perInvitee' ? `seed-${at}` : undefined);
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
