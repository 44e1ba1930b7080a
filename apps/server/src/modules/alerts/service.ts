import { type AlertsContext, type AlertsDeps, createAlertsContext } from './context';
import { deliverDue } from './deliver-due';
import { evaluateRules } from './evaluate-rules';
import { hasWebhook } from './has-webhook';
import { listAlerts } from './list-alerts';
import { observeAnswer } from './observe-answer';
import { raiseAlert } from './raise-alert';
import { setWebhook } from './set-webhook';

/**
 * Alerts (docs/decisions/0367, 0368): raised once per key by the rules here and by other modules through
 * `port` (the reconciliation), shown in the console, and POSTed signed to the corp's webhook by a background
 * loop with backoff. Raising only inserts a row and wakes the loop: nothing on a caller's path waits for
 * the webhook, so a dead one never slows a draw. One use case per file; this only binds them.
 */
export function createAlertsService(deps: AlertsDeps) {
  const ctx = createAlertsContext(deps);
  const use =
    <A extends unknown[], R>(useCase: (c: AlertsContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  const raise = use(raiseAlert);
  return {
    port: { raise },
    raise,
    deliverDue: use(deliverDue),
    evaluate: use(evaluateRules),
    observe: use(observeAnswer),
    hasWebhook: use(hasWebhook),
    list: use(listAlerts),
    setWebhook: use(setWebhook),
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
