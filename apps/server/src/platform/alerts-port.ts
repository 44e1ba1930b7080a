// What the alerts module provides, declared once: the reconciliation (and any module that raises an alert)
// is handed it by services.ts and imports these types (modules never import each other).

import type { AlertKind } from '@campaign/contract';

/** What other modules raise an alert with (the reconciliation's differences). */
export interface AlertInput {
  corpId: string;
  actId: string | null;
  kind: AlertKind;
  /** Raised once per key. */
  key: string;
  message: string;
  detail?: unknown;
}

/** Raises an alert once per key (modules/alerts): shown in the console, posted to the corp's webhook. */
export interface AlertsPort {
  raise(a: AlertInput): Promise<boolean>;
}
