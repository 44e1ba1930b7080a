import { type Kysely, sql } from 'kysely';

/**
 * One read view of an award with its prize and campaign (db/owners.ts: owned by prizes, read by coupons,
 * orders and reports), instead of the same three-way join written in each of them. Left joins: an award
 * whose prize was removed from its campaign since stays in the view (the exports list it without a prize
 * name); a reader that wants only awards with both asks for a prize name and a campaign title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view award_line as
    select a.corp_id, a.id, a.act_id, a.prize_id, a.draw_id, a.user_id, a.kind, a.status, a.coupon_code,
           a.points, a.order_id, a.created_at, a.used_at, a.used_channel, a.use_key,
           p.name as prize_name, p.image as prize_image, p.value_cents as prize_value_cents,
           act.title as activity_title, act.address_window_days, act.coupon_valid_days
      from award a
      left join prize p on p.corp_id = a.corp_id and p.act_id = a.act_id and p.id = a.prize_id
      left join activity act on act.corp_id = a.corp_id and act.id = a.act_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view award_line`.execute(db);
}
