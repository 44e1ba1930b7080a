import type { Step, TxExec } from '../db/tx';
import { AppError } from './errors';
import type { RequestUser } from './session';

// The risk engine's port, declared once (issue 35, ADR 0059): modules/risk provides it, and every way to a prize
// (the draw, an offer claim) asks it before it takes a place or a unit; services.ts passes it in.

/** A campaign's stated policy when risk cannot be judged (its group's); absent parts are the deployment's. */
export interface FailPolicy {
  failPolicy: 'open' | 'closed' | null;
  failOpenPerMinute: number | null;
}

/** A risk-checked group's fail policy, as the activity's group row states it. */
export const failPolicyOf = (g: { risk_fail_policy: string | null; risk_fail_open_per_minute: number | null }) =>
  ({
    failPolicy: g.risk_fail_policy === 'open' || g.risk_fail_policy === 'closed' ? g.risk_fail_policy : null,
    failOpenPerMinute: g.risk_fail_open_per_minute,
  }) satisfies FailPolicy;

/** What a path tells the engine about one attempt. */
export interface RiskAttempt {
  corpId: string;
  actId: string;
  userId: string;
  ip: string;
  /** Sent by the H5 only after the customer's consent (ADR 0392). */
  deviceId: string | null;
  mobile: string | null;
  signedUpAt: number | null;
  sessionStartedAt: number | null;
  loginMethod: string;
  grayFlag: 0 | 1 | null;
  now: number;
  /** An invite being accepted: who invited this customer (the invite features count their invitees). */
  inviter?: string;
  /** The campaign's own fail policy, where its group states one. */
  failPolicy?: FailPolicy | null;
}

export interface RiskVerdict {
  decisionId: string;
  action: 'block' | 'hold' | 'step_up' | 'degrade' | 'allow';
  rulesetHash: string | null;
  matched: string[];
  /** The matched rules as a reviewer reads them (their names), for a held prize's request. */
  labels: string[];
  /** The decision as it will be stored (modules/risk's row), opaque to the paths that carry it. */
  readonly record: unknown;
}

export interface RiskEnginePort {
  /** `preset`: a built-in rule already refused (logged as the decision's match). */
  decide(input: RiskAttempt, preset: string | null): Promise<RiskVerdict>;
  /** Stores a decision that ends its path here (a refusal, an invite): in its own statement. */
  store(verdict: RiskVerdict): Promise<void>;
  /**
   * Stores a decision inside the transaction that carries it out, with the draw (or claim) it let through and
   * the value drawn (the shadow report's value withheld): no write of its own on the draw's path.
   */
  record(x: TxExec, verdict: RiskVerdict, drawId: string, valueCents: number): Step<void>;
  decisionOfDraw(
    corpId: string,
    drawId: string,
  ): Promise<{ decisionId: string; rulesetHash: string | null; action: string } | null>;
}

/**
 * A bank's own risk engine, plugged in beside the rules (issue 35): it is given the attempt and the same features
 * the rules read, and answers one of the same actions with the name of its rule. Its answer acts whatever the
 * rulesets' modes (it is the bank's), the strongest of its and the acting version's wins, and it is stored on
 * the decision as the match `bank:<rule>`. It must answer within BANK_RISK_TIMEOUT_MS; else the campaign's fail
 * policy applies as when the counters are unreachable.
 */
export type BankRiskEngine = (asked: {
  attempt: RiskAttempt;
  features: Readonly<Record<string, Readonly<Record<string, number | boolean | string>>>>;
}) => Promise<{ action: RiskVerdict['action']; rule: string }>;

export const BANK_RISK_TIMEOUT_MS = 300;

/** A session begun this recently with an SMS code is a fresh proof for a step-up. */
export const FRESH_OTP_MS = 10 * 60_000;

/** Whether the customer's session is a fresh SMS-code sign-in (what a step-up asks for). */
export const freshOtp = (u: { loginMethod: string; sessionStartedAt?: number }, now: number) =>
  u.loginMethod === 'otp' && now - (u.sessionStartedAt ?? 0) <= FRESH_OTP_MS;

/** What a path knows of the attempt, and the signed-in customer behind it, as the engine reads it. */
export function attemptOf(
  user: RequestUser,
  a: {
    corpId: string;
    actId: string;
    ip: string;
    deviceId: string | null;
    grayFlag: 0 | 1 | null;
    now: number;
    inviter?: string;
    failPolicy?: FailPolicy | null;
  },
): RiskAttempt {
  return {
    ...a,
    userId: user.id,
    mobile: user.mobile,
    signedUpAt: user.signedUpAt ?? null,
    sessionStartedAt: user.sessionStartedAt ?? null,
    loginMethod: user.loginMethod,
  };
}

/**
 * Asks the engine; a refusal ends the path here: its decision is stored on its own and RISK_REFUSED (block) or
 * RISK_STEP_UP (a step-up without a fresh SMS sign-in) thrown. Any other verdict is stored with what it lets
 * through, by the path (record, in its transaction).
 */
export async function judge(
  engine: RiskEnginePort,
  user: RequestUser,
  attempt: RiskAttempt,
  preset: string | null = null,
): Promise<RiskVerdict> {
  const verdict = await engine.decide(attempt, preset);
  const refused =
    verdict.action === 'block'
      ? 'RISK_REFUSED'
      : verdict.action === 'step_up' && !freshOtp(user, attempt.now)
        ? 'RISK_STEP_UP'
        : null;
  if (refused) {
    await engine.store(verdict);
    throw new AppError(refused);
  }
  return verdict;
}
