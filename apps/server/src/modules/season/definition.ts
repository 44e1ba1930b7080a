import { SEASON_TASK_KINDS, SEASON_TASK_PERIODS } from '@campaign/contract';
import { z } from 'zod';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (1-64)');
const taskId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or - (1-32)');

/** One task of a season: what it asks, what it credits, how often (docs/campaign-format.md, `seasons`). */
export const seasonTaskDefSchema = z
  .object({
    id: taskId,
    kind: z.enum(SEASON_TASK_KINDS),
    title: z.string().min(1).max(24),
    points: z.number().int().min(1).max(100_000),
    period: z.enum(SEASON_TASK_PERIODS).default('daily'),
    /** draw: the activity whose draws count; invite: the offer whose invite link the inviter shares. */
    actId: id.optional(),
    /** visit: seconds to stay on the page. */
    seconds: z.number().int().min(3).max(600).optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.kind === 'draw' && !t.actId)
      ctx.addIssue({ code: 'custom', path: ['actId'], message: 'a draw task names actId' });
    if (t.kind === 'visit' && !t.seconds) {
      ctx.addIssue({ code: 'custom', path: ['seconds'], message: 'a visit task names seconds' });
    }
    const invite = t.kind === 'invite';
    if (invite !== (t.period === 'perInvitee')) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'invite tasks, and only they, are perInvitee' });
    }
  });
export type SeasonTaskDef = z.output<typeof seasonTaskDefSchema>;

export const seasonBandDefSchema = z
  .object({ from: z.number().int().min(1), to: z.number().int().min(1), prize: id })
  .strict()
  .refine((b) => b.to >= b.from, { message: 'to must be at least from', path: ['to'] });
export type SeasonBandDef = z.output<typeof seasonBandDefSchema>;

/** The rank bands are awarded at settlement, so at most this many winners. */
export const MAX_SEASON_WINNERS = 10_000;

export const seasonDefSchema = z
  .object({
    /** The `ranking` activity this season belongs to (its window, title and prizes). */
    act: id,
    corp: z.string(),
    tasks: z.array(seasonTaskDefSchema).min(1).max(20),
    bands: z.array(seasonBandDefSchema).min(1).max(50),
    /** Demo only: this many seeded participants (`npm run cli -- seed`; never under NODE_ENV=production). */
    demoParticipants: z.number().int().min(0).max(2000).default(0),
  })
  .strict()
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    s.tasks.forEach((t, i) => {
      if (ids.has(t.id)) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `task "${t.id}" twice` });
      ids.add(t.id);
    });
    const sorted = [...s.bands].sort((a, b) => a.from - b.from);
    sorted.forEach((b, i) => {
      const prev = sorted[i - 1];
      if (prev && b.from <= prev.to) {
        ctx.addIssue({
          code: 'custom',
          path: ['bands'],
          message: `bands ${prev.from}-${prev.to} and ${b.from}-${b.to} overlap`,
        });
      }
    });
    if ((sorted.at(-1)?.to ?? 0) > MAX_SEASON_WINNERS) {
      ctx.addIssue({ code: 'custom', path: ['bands'], message: `at most ${MAX_SEASON_WINNERS} winners` });
    }
  });
export type SeasonDef = z.output<typeof seasonDefSchema>;
