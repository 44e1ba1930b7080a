import type { NotificationKind } from '@campaign/contract';

/** One notification (module notifications): for one staff member of one corp; read once, never rewritten. */
export interface NotificationTable {
  id: string;
  corp_id: string;
  /** Whose it is: the staff member who sees it in the console's bell. */
  staff_id: string;
  kind: NotificationKind;
  /** The campaign, alert or export job it is about. */
  subject: string;
  /** Made once per recipient: a producer's retry (or a second process) adds nothing. */
  dedupe_key: string;
  title: string;
  detail: string | null;
  at: number;
  read_at: number | null;
}

export interface NotificationTables {
  notification: NotificationTable;
}
