import { z } from 'zod';
import { actIdSchema } from '../common';
import { endpoint } from '../endpoint';
import type { ErrorName } from '../errors';

/** What a season task asks of the customer (docs/campaign-format.md, `seasons`). */
export const SEASON_TASK_KINDS = ['signin', 'draw', 'visit', 'invite'] as const;
export type SeasonTaskKind = (typeof SEASON_TASK_KINDS)[number];
/** How often a task credits: once a campaign day, once a season, or once per invited friend. */
export const SEASON_TASK_PERIODS = ['daily', 'once', 'perInvitee'] as const;
/** The leaderboard's length. */
export const SEASON_TOP = 100;

export const taskIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'i18n:taskId' });
const seasonQuery = z.object({ actId: actIdSchema });
const taskBody = z.object({ actId: actIdSchema, taskId: taskIdSchema });

export const seasonStatusSchema = z.enum(['scheduled', 'live', 'ended', 'settled']);

/** The customer's standing; `rank` is null until they have points. */
export const seasonStandingSchema = z.object({ score: z.number().int(), rank: z.number().int().nullable() });
export type SeasonStanding = z.infer<typeof seasonStandingSchema>;

export const seasonTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(SEASON_TASK_KINDS),
  title: z.string(),
  points: z.number().int(),
  period: z.enum(SEASON_TASK_PERIODS),
  /** The draw's activity (draw), the seconds to stay (visit). */
  actId: z.string().nullable(),
  seconds: z.number().int().nullable(),
  /** Credited in the current period (for perInvitee: friends counted so far, never "done"). */
  doneNow: z.boolean(),
  /** How many times this task has credited in the whole season. */
  timesTotal: z.number().int(),
});
export type SeasonTask = z.infer<typeof seasonTaskSchema>;

const prizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  image: z.string(),
  valueCents: z.number().int(),
});
export const seasonBandSchema = z.object({ from: z.number().int(), to: z.number().int(), prize: prizeSchema });
export type SeasonBand = z.infer<typeof seasonBandSchema>;

const creditSchema = z.object({
  /** False when this task had already credited in this period: nothing was added. */
  credited: z.boolean(),
  points: z.number().int(),
  standing: seasonStandingSchema,
});
export type SeasonCredit = z.infer<typeof creditSchema>;

/** The ranking-and-task season (spec §2 /pro1, /pro1/rank, /pro1/task, /pro1/prizeList, /visitShop). */
/** What crediting a task may be refused with: no such season or task, the activity not open to this customer. */
const SEASON_TASK_ERRORS = [
  'SEASON_NOT_FOUND',
  'SEASON_TASK_NOT_FOUND',
  'ACTIVITY_NOT_FOUND',
  'ACTIVITY_NOT_STARTED',
  'ACTIVITY_ENDED',
  'ACTIVITY_PAUSED',
  'NOT_ELIGIBLE',
] as const satisfies readonly ErrorName[];
/** A risk-checked season's credit the customer asks for is judged by the risk engine (ADR 0060). */
const RISK_JUDGED = ['RISK_REFUSED', 'RISK_STEP_UP', 'RISK_UNAVAILABLE'] as const satisfies readonly ErrorName[];

export const seasonEndpoints = {
  seasonHome: endpoint({
    method: 'GET',
    path: '/season/home',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: ['SEASON_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
    summary: "The season's home: title, window, the customer's points and rank, participants",
    query: seasonQuery,
    body: z.undefined(),
    data: z.object({
      actId: z.string(),
      title: z.string(),
      subtitle: z.string(),
      startsAt: z.number().int(),
      endsAt: z.number().int(),
      serverTime: z.number().int(),
      status: seasonStatusSchema,
      participants: z.number().int(),
      me: seasonStandingSchema,
      tasksDone: z.number().int(),
      tasksTotal: z.number().int(),
    }),
  }),
  seasonRank: endpoint({
    method: 'GET',
    path: '/season/rank',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: ['SEASON_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
    summary: 'Top 100 (ties: who reached the score first) and the customer’s own rank',
    query: seasonQuery,
    body: z.undefined(),
    data: z.object({
      participants: z.number().int(),
      top: z.array(z.object({ rank: z.number().int(), name: z.string(), score: z.number().int(), me: z.boolean() })),
      me: seasonStandingSchema,
    }),
  }),
  seasonTasks: endpoint({
    method: 'GET',
    path: '/season/tasks',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: ['SEASON_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
    summary: "The customer's tasks with what each credits and whether it is done in this period",
    query: seasonQuery,
    body: z.undefined(),
    data: z.object({ status: seasonStatusSchema, tasks: z.array(seasonTaskSchema), me: seasonStandingSchema }),
  }),
  seasonSignIn: endpoint({
    method: 'POST',
    path: '/season/signin',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'season',
    errors: [...SEASON_TASK_ERRORS, ...RISK_JUDGED],
    summary: 'The daily sign-in task: credits once per campaign day, a repeat credits nothing',
    query: z.object({}),
    body: taskBody,
    data: creditSchema,
  }),
  seasonVisitStart: endpoint({
    method: 'POST',
    path: '/season/visit/start',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: [...SEASON_TASK_ERRORS],
    summary: 'Starts a visit-a-page task: a signed token with the server’s start time',
    query: z.object({}),
    body: taskBody,
    data: z.object({
      token: z.string(),
      seconds: z.number().int(),
      startedAt: z.number().int(),
      doneNow: z.boolean(),
    }),
  }),
  seasonVisitFinish: endpoint({
    method: 'POST',
    path: '/season/visit/finish',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: [...SEASON_TASK_ERRORS, 'SEASON_VISIT_TOKEN', 'SEASON_VISIT_TOO_SOON', ...RISK_JUDGED],
    summary: 'Credits the visit task once the server’s clock says the seconds have passed',
    query: z.object({}),
    body: taskBody.extend({ token: z.string().min(16).max(512) }),
    data: creditSchema,
  }),
  seasonPrizes: endpoint({
    method: 'GET',
    path: '/season/prizes',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'season',
    errors: ['SEASON_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
    summary: 'Prizes by rank band; after settlement the customer’s own result',
    query: seasonQuery,
    body: z.undefined(),
    data: z.object({
      status: seasonStatusSchema,
      endsAt: z.number().int(),
      bands: z.array(seasonBandSchema),
      me: seasonStandingSchema,
      /** After settlement: the customer's final rank and prize (null prize: outside every band). */
      result: z
        .object({ rank: z.number().int().nullable(), score: z.number().int(), prize: prizeSchema.nullable() })
        .nullable(),
    }),
  }),
} as const;
