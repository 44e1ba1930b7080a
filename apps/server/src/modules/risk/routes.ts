import type { riskConsoleEndpoints, riskEndpoints, riskReviewEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { RiskService } from './service';

/** The customer's consent and appeal: always their own, in their own corp. */
export function riskHandlers({ customer: svc }: RiskService): HandlersOf<typeof riskEndpoints> {
  return {
    riskConsent: async ({ corp, user, body }) => svc.setConsent(corp.id, user.id, body.granted),
    riskConsentState: async ({ corp, user }) => svc.consent(corp.id, user.id),
    riskAppeal: async ({ corp, user, body }) =>
      svc.appeal({ corpId: corp.id, userId: user.id, mobile: user.mobile }, body),
  };
}

/** The console's rulesets, report and lists: the signed-in staff member's corp only. */
export function riskConsoleHandlers({ console: svc, replays }: RiskService): HandlersOf<typeof riskConsoleEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, ip: string) => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip,
  });
  return {
    riskRulesets: async ({ corp }) => svc.rulesets(corp.id),
    riskRuleset: async ({ corp, query }) => svc.ruleset(corp.id, query.id),
    riskRulesetSave: async ({ corp, console: who, req, body }) => svc.save(acting(who, req.ip), corp.id, body),
    riskRulesetMode: async ({ corp, console: who, req, body }) =>
      svc.setMode(acting(who, req.ip), corp.id, body.id, body.mode),
    riskRulesetRequest: async ({ corp, console: who, req, body }) =>
      svc.requestActing(acting(who, req.ip), corp.id, body),
    riskReport: async ({ corp, query }) => svc.report(corp.id, query.id),
    riskReplay: async ({ corp, console: who, body }) => replays.start(corp.id, who, body),
    riskReplayJob: async ({ corp, query }) => replays.job(corp.id, query.id),
    riskReplayCancel: async ({ corp, body }) => replays.cancel(corp.id, body.id),
    riskSnooze: async ({ corp, console: who, req, body }) => svc.snooze(acting(who, req.ip), corp.id, body),
    riskLists: async ({ corp, query }) => svc.lists(corp.id, query.type),
    riskListAdd: async ({ corp, console: who, req, body }) => svc.addEntry(acting(who, req.ip), corp.id, body),
    riskListRemove: async ({ corp, console: who, req, body }) => svc.removeEntry(acting(who, req.ip), corp.id, body.id),
  };
}

/** The lists' bulk import and a decision's reversal: each asks a second person (ADR 0393). */
export function riskReviewHandlers({ console: svc }: RiskService): HandlersOf<typeof riskReviewEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, ip: string) => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip,
  });
  return {
    // An upload's body is the request stream (platform/http.ts, the endpoint's `upload`).
    riskListImportPreview: async ({ corp, req }) => svc.importPreview(corp.id, req.body),
    riskListImport: async ({ corp, console: who, req }) => svc.importRequest(acting(who, req.ip), corp.id, req.body),
    riskReversalRequest: async ({ corp, console: who, req, body }) => svc.reversal(acting(who, req.ip), corp.id, body),
  };
}
