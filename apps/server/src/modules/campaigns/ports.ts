import type { StaffRole } from '@campaign/contract';
import type { PortTx } from '../../db/owners';
import type { StaffNamesPort as Names } from '../../platform/staff-names-port';

export type { HaltsPort } from '../../platform/halts-port';

/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other. The audit port is declared once for every module (platform/audit-port.ts).
 */

/** One problem of a campaign file section, with its path in the file (`activities.0.prizes.2.valueCents`). */
export interface FileIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The campaign file (apps/server/src/campaign-file): the same zod schemas validate a draft as validate `cli import`,
 * and a draft is published by the same code that imports a file, in the caller's transaction.
 */
export interface CampaignFilePort {
  /** Validates a campaign file object; its issues' messages in the locale when zod has them. */
  problems(file: unknown, locale: 'zh-CN' | 'en-US'): FileIssue[];
  /** Publishes a valid file (activities as new versions, discounts, seasons, invites, stores, staff). */
  publish(tx: PortTx, file: unknown, now: number): Promise<{ actId: string; version: number }[]>;
}

/** The live side of a campaign in the activity module: its pause state, its end, its fairness record. */
export interface LiveActivityPort {
  /** Paused or published again; this node forgets its cached copy, others re-read within a second. */
  setPaused(tx: PortTx, corpId: string, actId: string, paused: boolean): Promise<void>;
  forget(corpId: string, actId: string): void;
  /** End now: no more draws; the seed is revealed. */
  end(corpId: string, actId: string): Promise<void>;
  record(
    corpId: string,
    actId: string,
  ): Promise<{ version: number; commitment: string; seed: string | null; revealedAt: number | null } | null>;
}

/** What was done to a campaign, from the audit log (modules/audit), newest first; `by` null for the system. */
export interface AuditTrailPort {
  trail(
    corpId: string,
    subject: string,
    opts: { exclude: string[]; limit: number },
  ): Promise<{ at: number; action: string; by: { id: string; name: string } | null }[]>;
}

/** The corp's approval policy (modules/settings): distinct approvers a change of this budget needs. */
export interface ApprovalPolicyPort {
  requiredApprovals(corpId: string, budgetCents: number): Promise<number>;
}

/** The corp's uploaded white lists (modules/campaign-lab owns them). */
export interface WhiteListsPort {
  /** In the caller's transaction (or the whole database, handed over). */
  exists(tx: PortTx, corpId: string, listId: string): Promise<boolean>;
  /** An uploaded coupon code pool's size and unused codes (ADR 0390); null: the corp has no such pool. */
  codePool(tx: PortTx, corpId: string, listId: string): Promise<{ rows: number; free: number } | null>;
}

/** Staff names (modules/staff, platform/staff-names-port.ts), and the console roles they hold. */
export interface StaffNamesPort extends Names {
  /** Who holds a console role now, with those roles in CONSOLE_ROLES order (a staff list may not change them). */
  consoleRoles(corpId: string, tx?: PortTx): Promise<Map<string, StaffRole[]>>;
  /** The corp's staff list as it is: a new staff-list campaign starts from it. */
  members(corpId: string): Promise<{ id: string; name: string; roles: StaffRole[]; stores: string[] }[]>;
}
