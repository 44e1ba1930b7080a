import { appeal } from './appeal';
import { cancelReplay, replaysIdle } from './cancel-replay';
import { consentState, setConsent } from './consent';
import type { RiskDeps } from './context';
import { decide } from './decide';
import { labelHold, riskEffects } from './effects';
import { previewImport } from './import-preview';
import { requestImport } from './import-request';
import { addEntry, listEntries, removeEntry } from './lists';
import { purgeDevices } from './purge-devices';
import { readReplay } from './read-replay';
import { decisionOfDraw, record, store } from './record';
import { shadowReport } from './report';
import { requestActing } from './request-acting';
import { requestReversal } from './reversal-request';
import { listRulesets, rulesetDetail } from './rulesets';
import { saveRuleset } from './save-ruleset';
import { setMode } from './set-mode';
import { snoozeRule } from './snooze';
import { startReplay } from './start-replay';

/**
 * Risk controls (issue 35, docs/decisions/0059-risk-rulesets.md): the engine the draw asks (decide, then record in its transaction),
 * the console's rulesets, report and lists, the customer's consent and appeal, and the approvals' effects.
 * One use case per file; this only binds them.
 */
export function createRiskService(deps: RiskDeps) {
  return {
    /** What the draw asks (its port): the decision before the draw, and the draw it let through. */
    engine: {
      decide: decide.bind(null, deps),
      store: store.bind(null, deps),
      record: record.bind(null, deps),
      decisionOfDraw: decisionOfDraw.bind(null, deps),
    },
    effects: riskEffects(deps),
    labelHold,
    console: {
      rulesets: listRulesets.bind(null, deps),
      ruleset: rulesetDetail.bind(null, deps),
      save: saveRuleset.bind(null, deps),
      setMode: setMode.bind(null, deps),
      requestActing: requestActing.bind(null, deps),
      report: shadowReport.bind(null, deps),
      lists: listEntries.bind(null, deps),
      addEntry: addEntry.bind(null, deps),
      removeEntry: removeEntry.bind(null, deps),
      snooze: snoozeRule.bind(null, deps),
      importPreview: previewImport.bind(null, deps),
      importRequest: requestImport.bind(null, deps),
      reversal: requestReversal.bind(null, deps),
    },
    /** Replays as background jobs (ADR 0061): started or joined, polled from any node, cancelled. */
    replays: {
      start: startReplay.bind(null, deps),
      job: readReplay.bind(null, deps),
      cancel: cancelReplay.bind(null, deps),
      idle: replaysIdle.bind(null, deps),
    },
    /** The scheduled purge of device ids and consents past the campaign plus 180 days (background.ts). */
    purgeDevices: purgeDevices.bind(null, deps),
    customer: {
      appeal: appeal.bind(null, deps),
      setConsent: setConsent.bind(null, deps),
      consent: consentState.bind(null, deps),
    },
    close: () => deps.counters.close(),
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
