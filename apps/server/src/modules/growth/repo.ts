import type { Own, TablesOf } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import { changes, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('growth');

export type OfferClaimRow = TablesOf<'growth'>['offer_claim'];
export type InviteSetupRow = TablesOf<'growth'>['invite_setup'];

export async function claimOf(db: Own<'growth'>, corpId: string, actId: string, userId: string) {
  return db
    .selectFrom('offer_claim')
    .innerJoin('award', (j) =>
      j.onRef('award.corp_id', '=', 'offer_claim.corp_id').onRef('award.draw_id', '=', 'offer_claim.award_key'),
    )
    .select(['award.id as award_id', 'offer_claim.created_at', 'award.prize_id', 'award.coupon_code', 'award.status'])
    .where('offer_claim.corp_id', '=', corpId)
    .where('offer_claim.act_id', '=', actId)
    .where('offer_claim.user_id', '=', userId)
    .executeTakeFirst();
}

const insertClaimQ = prepared<OfferClaimRow, never>((db, p) =>
  db
    .insertInto('offer_claim')
    .values({
      corp_id: p('corp_id'),
      act_id: p('act_id'),
      user_id: p('user_id'),
      award_key: p('award_key'),
      created_at: p('created_at'),
    })
    .onConflict((oc) => oc.columns(['corp_id', 'act_id', 'user_id']).doNothing()),
);
/** The claim unless this customer already has one; false = they had (nothing written). */
export function* insertClaim(x: TxExec, row: OfferClaimRow): Step<boolean> {
  return (yield* changes(x, insertClaimQ, row)) === 1;
}

export async function setup(db: Own<'growth'>, corpId: string, actId: string): Promise<InviteSetupRow | undefined> {
  return db
    .selectFrom('invite_setup')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .executeTakeFirst();
}

export async function upsertSetup(db: Own<'growth'>, row: InviteSetupRow): Promise<void> {
  const { corp_id, act_id, ...rest } = row;
  await db
    .insertInto('invite_setup')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'act_id']).doUpdateSet(rest))
    .execute();
}

type InviteRow = TablesOf<'growth'>['invite'];
const insertInviteQ = prepared<InviteRow, never>((db, p) =>
  db
    .insertInto('invite')
    .values({
      corp_id: p('corp_id'),
      act_id: p('act_id'),
      invitee_id: p('invitee_id'),
      inviter_id: p('inviter_id'),
      day: p('day'),
      created_at: p('created_at'),
    })
    .onConflict((oc) => oc.columns(['corp_id', 'act_id', 'invitee_id']).doNothing()),
);
/** Counts the invite unless the invitee already has an inviter; false = they had. */
export function* insertInvite(x: TxExec, row: InviteRow): Step<boolean> {
  return (yield* changes(x, insertInviteQ, row)) === 1;
}

type TallyKey = { corp: string; act: string; inviter: string; period: string };
const openTallyQ = prepared<TallyKey, never>((db, p) =>
  db
    .insertInto('invite_tally')
    .values({ corp_id: p('corp'), act_id: p('act'), inviter_id: p('inviter'), period: p('period'), n: 0 })
    .onConflict((oc) => oc.columns(['corp_id', 'act_id', 'inviter_id', 'period']).doNothing()),
);
const bumpTallyQ = prepared<TallyKey & { cap: number }, never>(
  (db, p) =>
    db
      .updateTable('invite_tally')
      .set((eb) => ({ n: eb('n', '+', 1) }))
      .where('corp_id', '=', p('corp'))
      .where('act_id', '=', p('act'))
      .where('inviter_id', '=', p('inviter'))
      .where('period', '=', p('period'))
      .where('n', '<', p('cap')),
  { growingTables: ['invite_tally'] },
);
/** One more counted invite in the period, only below the cap (a conditional update): false = at the cap. */
export function* bumpTally(x: TxExec, key: TallyKey, cap: number): Step<boolean> {
  yield* changes(x, openTallyQ, key);
  return (yield* changes(x, bumpTallyQ, { ...key, cap })) === 1;
}

export async function tallies(db: Own<'growth'>, corpId: string, actId: string, inviterId: string, periods: string[]) {
  const r = await db
    .selectFrom('invite_tally')
    .select(['period', 'n'])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('inviter_id', '=', inviterId)
    .where('period', 'in', periods)
    .execute();
  return new Map(r.map((t) => [t.period, Number(t.n)]));
}

export async function inviterOf(db: Own<'growth'>, corpId: string, actId: string, inviteeId: string) {
  const r = await db
    .selectFrom('invite')
    .select('inviter_id')
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return r?.inviter_id ?? null;
}

/** The inviter's counted invites, newest first, with what identifies the invitee (masked by the service). */
export async function invitesBy(db: Own<'growth'>, corpId: string, actId: string, inviterId: string, limit = 100) {
  return db
    .selectFrom('invite')
    .innerJoin('app_user', (j) =>
      j.onRef('app_user.corp_id', '=', 'invite.corp_id').onRef('app_user.id', '=', 'invite.invitee_id'),
    )
    .select(['app_user.mobile', 'app_user.nuid', 'invite.created_at'])
    .where('invite.corp_id', '=', corpId)
    .where('invite.act_id', '=', actId)
    .where('invite.inviter_id', '=', inviterId)
    .orderBy('invite.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countInvitesBy(db: Own<'growth'>, corpId: string, actId: string, inviterId: string) {
  const r = await db
    .selectFrom('invite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('inviter_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
