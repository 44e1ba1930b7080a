import { z } from 'zod';
import { endpoint } from '../endpoint';

// Risk controls (风控, issue 35; docs/decisions/0059-risk-rulesets.md): rulesets of CEL rules over named
// features, versioned, each version run off, in shadow, on a canary slice or enforced; acting modes only
// through a second person's approval (approvals kind `risk-ruleset`). Customers appeal a refused draw.

/** What a ruleset version does with its matches: shadow logs only; canary acts on a slice of customers. */
export const RISK_MODES = ['draft', 'off', 'shadow', 'canary', 'enforce'] as const;
export type RiskMode = (typeof RISK_MODES)[number];

/** The actions, strongest first (Stripe's order): a decision takes the strongest its matched rules name. */
export const RISK_ACTIONS = ['block', 'hold', 'step_up', 'degrade', 'allow'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];
/** What a rule may name (allow is what no match means). */
export const RISK_RULE_ACTIONS = ['block', 'hold', 'step_up', 'degrade'] as const;

/**
 * Typed lists a rule reads as `listed.phone`, `listed.device`, `listed.ip` (true: the customer's value is listed).
 * Phones and ID numbers (`id_number`) are kept as keyed hashes and shown masked.
 */
export const RISK_LIST_TYPES = ['phone', 'device', 'ip', 'invite', 'id_number'] as const;
export type RiskListType = (typeof RISK_LIST_TYPES)[number];

/** A ruleset version holds at most this many rules. */
export const RISK_RULES_MAX = 200;

const id = z.string().regex(/^[\w-]{8,64}$/);
const who = z.object({ id: z.string(), name: z.string() });

export const riskRuleSchema = z.object({
  /** Stable within the ruleset's versions: the report and snoozes name a rule by it. */
  id: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, '规则编号须为 2–40 位小写字母、数字或下划线，以字母开头'),
  name: z.string().trim().min(2, '规则名称至少 2 个字').max(40, '规则名称最多 40 个字'),
  /** A CEL expression over the features (riskFeatureSchema), true when the rule matches. */
  expr: z.string().trim().min(1, '请填写规则表达式').max(1000, '规则表达式最多 1000 个字符'),
  action: z.enum(RISK_RULE_ACTIONS),
});
export type RiskRule = z.infer<typeof riskRuleSchema>;

export const riskRulesetSummarySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  mode: z.enum(RISK_MODES),
  /** Share of customers a canary acts on (1–99); null outside canary. */
  canaryPct: z.number().int().nullable(),
  /** SHA-256 of the version's rules (canonical JSON): what a decision and the verify page name. */
  hash: z.string(),
  ruleCount: z.number().int(),
  /** Made from this version (the editor's base); null: the first. */
  basedOn: z.number().int().nullable(),
  createdBy: who,
  updatedAt: z.number().int(),
  /** An approval request to act (canary or enforce) waits for a second person. */
  pending: z.boolean(),
});
export type RiskRulesetSummary = z.infer<typeof riskRulesetSummarySchema>;

export const riskRulesetDetailSchema = riskRulesetSummarySchema.extend({
  rules: z.array(riskRuleSchema),
  note: z.string(),
});
export type RiskRulesetDetail = z.infer<typeof riskRulesetDetailSchema>;

/** A feature a rule can read: its CEL name, type and what it counts. */
export const riskFeatureSchema = z.object({ name: z.string(), type: z.string(), label: z.string() });

export const riskReportRuleSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  action: z.enum(RISK_RULE_ACTIONS),
  /** Decisions the rule matched, and how many customers they were. */
  hits: z.number().int(),
  customers: z.number().int(),
  /** Of those hits, how many the enforced version also refused or held. */
  overlap: z.number().int(),
  /** Cents of the prizes drawn on the matched decisions that a hold or block would have withheld. */
  withheldCents: z.number().int(),
  /** Of the matched decisions a reviewer decided: how many they confirmed; null before any review. */
  reviewed: z.number().int(),
  precision: z.number().nullable(),
});

export const riskReportSchema = z.object({
  ruleset: riskRulesetSummarySchema,
  /** Decisions this version judged (shadow or acting) since it was first run. */
  decisions: z.number().int(),
  customers: z.number().int(),
  /** Decisions where this version's action differs from the enforced version's. */
  differs: z.number().int(),
  rules: z.array(riskReportRuleSchema),
  /** The enforced version this one is compared with; null when none is enforced. */
  enforced: riskRulesetSummarySchema.nullable(),
});
export type RiskReport = z.infer<typeof riskReportSchema>;

export const riskListEntrySchema = z.object({
  id: z.string(),
  type: z.enum(RISK_LIST_TYPES),
  /** Masked for phones (138****5678) and ID numbers; devices, addresses and invite codes as given. */
  shown: z.string(),
  reason: z.string(),
  source: z.enum(['manual', 'rule', 'import']),
  owner: who,
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type RiskListEntry = z.infer<typeof riskListEntrySchema>;

const RULES_ROLES = ['operator', 'approver', 'auditor', 'admin'] as const;
const WRITE_ROLES = ['operator', 'admin'] as const;
const common = { version: 'none', access: 'console', tag: 'console-risk' } as const;

const rulesetSave = z.object({
  /** A draft to save again; absent: a new draft (from `basedOn` when given). */
  id: id.optional(),
  basedOn: id.optional(),
  name: z.string().trim().min(2, '规则集名称至少 2 个字').max(40, '规则集名称最多 40 个字'),
  note: z.string().trim().max(500, '说明最多 500 字').default(''),
  rules: z.array(riskRuleSchema).min(1, '至少需要一条规则').max(RISK_RULES_MAX, `最多 ${RISK_RULES_MAX} 条规则`),
});

export const riskReplaySchema = z.object({
  /** Stored decisions the candidate was run over, and of them how many it would have acted on. */
  events: z.number().int(),
  acted: z.number().int(),
  /** Customers it would have acted on, and the cents of prizes drawn that its holds and blocks would have withheld. */
  customers: z.number().int(),
  withheldCents: z.number().int(),
  rules: z.array(
    z.object({
      ruleId: z.string(),
      name: z.string(),
      hits: z.number().int(),
      customers: z.number().int(),
      withheldCents: z.number().int(),
    }),
  ),
  /** SHA-256 over every (decision, action) in order: the same ruleset and log always give the same. */
  checksum: z.string(),
  ms: z.number().int(),
});
export type RiskReplay = z.infer<typeof riskReplaySchema>;

export const RISK_REPLAY_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export type RiskReplayState = (typeof RISK_REPLAY_STATES)[number];

/** A replay run as a background job (ADR 0061): one runs per version and scope; any node answers its poll. */
export const riskReplayJobSchema = z.object({
  id: z.string(),
  rulesetId: z.string(),
  /** The campaign replayed; null: every decision of the corp. */
  actId: z.string().nullable(),
  state: z.enum(RISK_REPLAY_STATES),
  /** Decisions read so far of the `total` stored when it started. */
  done: z.number().int(),
  total: z.number().int(),
  /** The figures once done. */
  result: riskReplaySchema.nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type RiskReplayJob = z.infer<typeof riskReplayJobSchema>;

export const riskConsoleEndpoints = {
  riskRulesets: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'GET',
    path: '/console/risk/rulesets',
    loading: false,
    summary: "The corp's ruleset versions, newest first, and the features their rules can read",
    query: z.object({}),
    body: z.undefined(),
    data: z.object({ items: z.array(riskRulesetSummarySchema), features: z.array(riskFeatureSchema) }),
    errors: [],
  }),
  riskRuleset: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'GET',
    path: '/console/risk/ruleset',
    loading: false,
    summary: 'One ruleset version with its rules',
    query: z.object({ id }),
    body: z.undefined(),
    data: riskRulesetDetailSchema,
    errors: ['RISK_RULESET_NOT_FOUND'],
  }),
  riskRulesetSave: endpoint({
    ...common,
    roles: WRITE_ROLES,
    method: 'POST',
    path: '/console/risk/ruleset/save',
    loading: true,
    summary: 'Save a draft version; every rule is compiled first and a rule that does not compile is refused',
    query: z.object({}),
    body: rulesetSave,
    data: riskRulesetDetailSchema,
    errors: ['RISK_RULESET_NOT_FOUND', 'RISK_RULESET_LOCKED', 'RISK_RULE_INVALID'],
  }),
  riskRulesetMode: endpoint({
    ...common,
    roles: WRITE_ROLES,
    method: 'POST',
    path: '/console/risk/ruleset/mode',
    loading: true,
    summary: 'Run a version in shadow, or switch it off (acting modes only through riskRulesetRequest)',
    query: z.object({}),
    body: z.object({ id, mode: z.enum(['off', 'shadow']) }),
    data: riskRulesetSummarySchema,
    errors: ['RISK_RULESET_NOT_FOUND', 'RISK_RULESET_STATE'],
  }),
  riskRulesetRequest: endpoint({
    ...common,
    roles: WRITE_ROLES,
    method: 'POST',
    path: '/console/risk/ruleset/request',
    loading: true,
    summary: 'Ask a second person to let a shadowed version act (canary N% or enforce), its report attached',
    query: z.object({}),
    body: z.object({
      id,
      mode: z.enum(['canary', 'enforce']),
      canaryPct: z.number().int().min(1, '灰度比例为 1–99').max(99, '灰度比例为 1–99').optional(),
      note: z.string().trim().min(2, '请说明申请理由（至少 2 个字）').max(500, '理由最多 500 字'),
    }),
    data: z.object({ requestId: z.string() }),
    errors: ['RISK_RULESET_NOT_FOUND', 'RISK_RULESET_STATE', 'RISK_REQUEST_PENDING'],
  }),
  riskReport: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'GET',
    path: '/console/risk/report',
    loading: false,
    summary: "A version's shadow report: per rule hits, customers, overlap, value withheld and precision",
    query: z.object({ id }),
    body: z.undefined(),
    data: riskReportSchema,
    errors: ['RISK_RULESET_NOT_FOUND'],
  }),
  riskReplay: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'POST',
    path: '/console/risk/replay',
    loading: true,
    summary:
      "Start (or join) a background replay of a version's rules over the stored decisions (the features as they were), optionally of one campaign",
    query: z.object({}),
    body: z.object({ id, actId: z.string().trim().min(1).max(64).optional() }),
    data: riskReplayJobSchema,
    errors: ['RISK_RULESET_NOT_FOUND', 'RISK_RULESET_STATE'],
  }),
  riskReplayJob: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'GET',
    path: '/console/risk/replay/job',
    loading: false,
    summary: "A replay job's progress, and its figures once done",
    query: z.object({ id }),
    body: z.undefined(),
    data: riskReplayJobSchema,
    errors: ['RISK_REPLAY_NOT_FOUND'],
  }),
  riskReplayCancel: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'POST',
    path: '/console/risk/replay/cancel',
    loading: true,
    summary: 'Stop a running replay job (the node running it stops at its next page)',
    query: z.object({}),
    body: z.object({ id }),
    data: riskReplayJobSchema,
    errors: ['RISK_REPLAY_NOT_FOUND'],
  }),
  riskSnooze: endpoint({
    ...common,
    roles: ['approver', 'admin'],
    method: 'POST',
    path: '/console/risk/snooze',
    loading: true,
    summary: 'Snooze a rule for one customer (a false positive), with a reason and an expiry; audited',
    query: z.object({}),
    body: z.object({
      userId: z.string().trim().min(1, '请填写客户编号').max(64),
      ruleId: riskRuleSchema.shape.id,
      reason: z.string().trim().min(2, '请填写原因（至少 2 个字）').max(200, '原因最多 200 字'),
      days: z.number().int().min(1, '有效期为 1–90 天').max(90, '有效期为 1–90 天'),
    }),
    data: z.object({ userId: z.string(), ruleId: z.string(), expiresAt: z.number().int() }),
    errors: ['RISK_CUSTOMER_UNKNOWN'],
  }),
  riskLists: endpoint({
    ...common,
    roles: RULES_ROLES,
    method: 'GET',
    path: '/console/risk/lists',
    loading: false,
    summary: "The corp's list entries in force, newest first (phones masked: stored as keyed hashes)",
    query: z.object({ type: z.enum(RISK_LIST_TYPES).optional() }),
    body: z.undefined(),
    data: z.object({ items: z.array(riskListEntrySchema) }),
    errors: [],
  }),
  riskListAdd: endpoint({
    ...common,
    roles: WRITE_ROLES,
    method: 'POST',
    path: '/console/risk/lists/add',
    loading: true,
    summary: 'List a phone, device, address (or /24, /64 range) or invite code, with a reason and an expiry',
    query: z.object({}),
    body: z.object({
      type: z.enum(RISK_LIST_TYPES),
      value: z.string().trim().min(1, '请填写名单值').max(64, '名单值最多 64 个字符'),
      reason: z.string().trim().min(2, '请填写原因（至少 2 个字）').max(200, '原因最多 200 字'),
      days: z.number().int().min(1, '有效期为 1–365 天').max(365, '有效期为 1–365 天').nullable(),
    }),
    data: riskListEntrySchema,
    errors: ['RISK_LIST_VALUE_INVALID'],
  }),
  riskListRemove: endpoint({
    ...common,
    roles: WRITE_ROLES,
    method: 'POST',
    path: '/console/risk/lists/remove',
    loading: true,
    summary: 'Take an entry off its list (audited)',
    query: z.object({}),
    body: z.object({ id }),
    data: z.object({ removed: z.boolean() }),
    errors: [],
  }),
} as const;
