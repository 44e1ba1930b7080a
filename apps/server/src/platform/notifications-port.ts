import type { NotificationKind, StaffRole } from '@campaign/contract';
import type { PortTx } from '../db/owners';

// What the notifications module provides, declared once (docs/decisions/0376-console-notifications.md): the
// campaigns, alerts and reports modules are handed it by services.ts and import these types (modules never
// import each other). A producer says what happened and to whom; the notifications module makes one row per
// recipient in its own table.

/** Whom a notification goes to: named staff, and/or everyone holding one of `roles`, less `except`. */
export interface NotifyTo {
  staff?: readonly string[];
  roles?: readonly StaffRole[];
  except?: readonly string[];
}

export interface NotifyInput {
  corpId: string;
  kind: NotificationKind;
  to: NotifyTo;
  /** The campaign, alert or export job it is about (the console's link). */
  subject: string;
  /** One notification per recipient per key: a retried producer adds nothing (a campaign's round, an alert). */
  key: string;
  title: string;
  detail?: string | null;
  at: number;
}

export interface NotificationsPort {
  /**
   * Notifies the recipients; in the caller's transaction when given one (handed over with `handOver(tx)`),
   * so a decision rolled back notifies nobody. Answers how many were notified.
   */
  notify(tx: PortTx | null, n: NotifyInput): Promise<number>;
  /**
   * Marks read what no longer needs anyone (`staffId`: only theirs): an approval decided, or voted on by
   * this approver, stops waiting in the bells.
   */
  settle(
    tx: PortTx | null,
    s: { corpId: string; kind: NotificationKind; subject: string; at: number; staffId?: string },
  ): Promise<void>;
}
