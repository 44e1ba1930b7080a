import type { PortTx } from '../db/owners';

// The audit hand-over, declared once (docs/decisions/0331-audit-chain.md): every module whose console
// action must be on the record (console identity, settings, and the campaign modules that come next)
// receives an `AuditPort` from services.ts and appends in the SAME transaction as the change it records,
// so a change without its entry, or an entry without its change, cannot be committed.

/** Who did it: a staff member with the roles they acted under, or the CLI / the system. */
export interface AuditActor {
  id: string;
  name: string;
  roles: readonly string[];
}

/** One entry as its author gives it; the audit module numbers it and chains it. */
export interface AuditInput {
  corpId: string;
  at: number;
  /** null: nobody could be named (a sign-in attempt with an unknown login). */
  actor: AuditActor | null;
  /** The client's address as the server sees it (behind TRUST_PROXY: the forwarded one). */
  ip: string | null;
  /** `area.verb`: `console.sign-in`, `staff.roles`, `settings.kill-switch`, `campaign.approve`, … */
  action: string;
  /** What it was done to: a staff id, the corp, a campaign id; null when it is the actor themself. */
  subject: string | null;
  /** The state before and after (JSON values; null when there is none, e.g. before a creation). */
  before?: unknown;
  after?: unknown;
}

export interface AuditPort {
  /**
   * Appends to the corp's chain inside the caller's transaction (a Kysely transaction handed over with
   * `handOver(tx)`): serialised per corp, rolled back with the change if the transaction fails.
   */
  append(tx: PortTx, entry: AuditInput): Promise<void>;
}

/** The actor for entries the command line makes (`npm run cli -- staff add`). */
export const CLI_ACTOR: AuditActor = { id: 'cli', name: '命令行', roles: [] };
