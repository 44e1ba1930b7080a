import type { Transaction } from 'kysely';
import type { Db } from '../db';
import { own } from '../db/owners';
import type { DB } from '../db/schema';
import type { Publishing } from '../modules/activity/publishing';
import * as approvalsRepo from '../modules/approvals/repo';
import { importDocuments } from '../modules/auth/documents';
import * as authRepo from '../modules/auth/repo';
import * as consoleRepo from '../modules/console/repo';
import * as discountRepo from '../modules/discounts/repo';
import * as growthRepo from '../modules/growth/repo';
import * as seasonRepo from '../modules/season/repo';
import * as staffRepo from '../modules/staff/repo';
import { newId } from '../platform/crypto';
import * as corpRepo from '../platform/tenancy';
import type { Definition } from './definition';
import { applyStores } from './stores-definition';

export interface ImportSummary {
  corps: number;
  users: number;
  activities: { actId: string; version: number; created: boolean }[];
  groups: number;
  discounts: number;
  seasons: number;
  stores?: { stores: number; storeLists: number };
  staff: number;
}

/** Apply a validated definition in one transaction: everything or nothing. Re-importing updates in place. */
export async function applyDefinition(
  db: Db,
  catalogue: Pick<Publishing, 'publish' | 'publishGroup'>,
  def: Definition,
  now: number,
): Promise<ImportSummary> {
  return db.transaction().execute((tx) => applyDefinitionIn(tx, catalogue, def, now));
}

/** The same, in the caller's transaction (a console campaign's approval publishes through it, ADR 0340). */
export async function applyDefinitionIn(
  tx: Transaction<DB>,
  catalogue: Pick<Publishing, 'publish' | 'publishGroup'>,
  def: Definition,
  now: number,
): Promise<ImportSummary> {
  await applyCorps(tx, def, now);
  await applyUsers(tx, def, now);
  const activities = [];
  for (const a of def.activities) {
    if (!(await corpRepo.corpExists(tx, a.corp))) throw new Error(`activity ${a.id}: corp "${a.corp}" does not exist`);
    activities.push(await catalogue.publish(a, now, own('activity', tx)));
  }
  for (const g of def.groups) await catalogue.publishGroup(g, own('activity', tx));
  for (const d of def.discounts) await applyDiscount(tx, d, now);
  await applyGrowth(tx, def);
  const stores = await applyStores(tx, def, now);
  await applyStaff(tx, def, now);
  return {
    stores,
    corps: def.corps.length,
    users: def.users.length,
    activities,
    groups: def.groups.length,
    discounts: def.discounts.length,
    seasons: def.seasons.length,
    staff: def.staff.length,
  };
}

/** Corps: their groups, documents and single sign-on (a corp without `sso` signs in with local accounts only). */
async function applyCorps(tx: Transaction<DB>, def: Definition, now: number): Promise<void> {
  for (const c of def.corps) {
    await corpRepo.upsertCorp(tx, { ...c, now });
    await corpRepo.replaceCorpGroups(tx, c.id, c.groups);
    for (const g of c.cgroups) await corpRepo.upsertCgroup(tx, c.id, g.id, g.name);
    await importDocuments(own('auth', tx), c.id, c.documents, now);
    await consoleRepo.setSso(
      own('console', tx),
      c.id,
      c.sso
        ? {
            issuer: c.sso.issuer,
            client_id: c.sso.clientId,
            client_secret_env: c.sso.clientSecretEnv,
            roles_claim: c.sso.rolesClaim ?? null,
            staff_id_claim: c.sso.staffIdClaim,
            updated_at: now,
          }
        : null,
    );
  }
}

/** Users by nuid: their identity updated or created, and their customer groups. */
async function applyUsers(tx: Transaction<DB>, def: Definition, now: number): Promise<void> {
  for (const u of def.users) {
    let user = await authRepo.findUser(own('auth', tx), u.corp, { nuid: u.nuid });
    const identity = { mobile: u.mobile ?? null, open_id: u.openId ?? null };
    if (user) {
      await authRepo.updateUserIdentity(own('auth', tx), u.corp, user.id, identity);
    } else {
      user = { id: newId(), corp_id: u.corp, nuid: u.nuid, created_at: now, bank_linked_at: now, ...identity };
      await authRepo.insertUser(own('auth', tx), user);
    }
    await corpRepo.replaceUserCgroups(tx, u.corp, user.id, u.cgroups);
  }
}

/** One instant discount and its grants to named users. */
async function applyDiscount(tx: Transaction<DB>, d: Definition['discounts'][number], now: number): Promise<void> {
  if (!(await corpRepo.corpExists(tx, d.corp))) throw new Error(`discount ${d.id}: corp "${d.corp}" does not exist`);
  await discountRepo.upsert(own('discounts', tx), {
    corp_id: d.corp,
    id: d.id,
    title: d.title,
    rules: JSON.stringify(d.rules),
    amount_cents: d.amountCents,
    threshold_cents: d.thresholdCents,
    valid_cards: JSON.stringify(d.validCards),
    valid_merchants: JSON.stringify(d.validMerchants),
    starts_at: d.startsAt,
    ends_at: d.endsAt,
    total_limit: d.totalLimit,
    per_user_limit: d.perUserLimit,
    daily_limit: d.dailyLimit,
    created_at: now,
  });
  for (const nuid of d.grantTo) {
    const user = await authRepo.findUser(own('auth', tx), d.corp, { nuid });
    if (!user) throw new Error(`discount ${d.id}: grantTo "${nuid}" is not a user of corp "${d.corp}"`);
    await discountRepo.grant(own('discounts', tx), {
      corp_id: d.corp,
      discount_id: d.id,
      user_id: user.id,
      source: 'campaign',
      granted_at: now,
    });
  }
}

/** Invite set-ups and ranking seasons (a season runs over its activity's dates). */
async function applyGrowth(tx: Transaction<DB>, def: Definition): Promise<void> {
  for (const v of def.invites) {
    await growthRepo.upsertSetup(own('growth', tx), {
      corp_id: v.corp,
      act_id: v.actId,
      per_day: v.perDay,
      per_season: v.perSeason,
      link_ttl_hours: v.linkTtlHours,
    });
  }
  for (const s of def.seasons) {
    const act = def.activities.find((a) => a.corp === s.corp && a.id === s.act);
    if (!act) throw new Error(`season ${s.act}: no such activity`);
    const { tasks, bands } = s;
    await seasonRepo.upsertSeason(own('season', tx), {
      corp_id: s.corp,
      act_id: s.act,
      starts_at: act.startsAt,
      ends_at: act.endsAt,
      tasks,
      bands,
    });
  }
}

/** A corp's staff list is the file's list for it: members left out lose their access. Then approval policies. */
async function applyStaff(tx: Transaction<DB>, def: Definition, now: number): Promise<void> {
  for (const corpId of new Set([...def.staff, ...def.approvals].map((m) => m.corp))) {
    if (!(await corpRepo.corpExists(tx, corpId))) throw new Error(`staff/approvals: corp "${corpId}" does not exist`);
  }
  for (const corpId of new Set(def.staff.map((m) => m.corp))) {
    await staffRepo.replaceStaffList(
      own('staff', tx),
      corpId,
      def.staff.filter((m) => m.corp === corpId),
      now,
    );
  }
  for (const a of def.approvals) await approvalsRepo.setPolicy(own('approvals', tx), a.corp, a.prizeThresholdCents);
}
