import { corpIdSchema, mobileSchema, STAFF_ROLES } from '@campaign/contract';
import { isNode, LineCounter, parseDocument, visit } from 'yaml';
import { z } from 'zod';
import { activityDefSchema, groupDefSchema, when } from '../modules/activity/definition';
import { seasonDefSchema } from '../modules/season/definition';
import { checkStoreRefs, storeDefSchema, storeListDefSchema } from './stores-definition';

// The campaign file (docs/decisions/0348-yaml.md): its schema and line-numbered parser here, its import in
// import.ts, the console's publishing port in port.ts. A unit of its own beside the wiring (services.ts),
// not under cli/: the command line (cli/main.ts), the console's campaigns (port.ts, wired by services.ts)
// and the campaign lab read the same file. Each module declares the shape of its own section
// (modules/activity/definition.ts, modules/season/definition.ts).

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (1-64)');

/**
 * The corp's single sign-on for the operator console (docs/decisions/0330-console-identity.md): an OpenID
 * Connect provider; the client secret is read from the environment variable named here, never from the file.
 */
export const ssoDefSchema = z
  .object({
    issuer: z.url({ protocol: /^https?$/, error: 'issuer must be an http(s) URL (https outside this machine)' }),
    clientId: z.string().min(1).max(200),
    clientSecretEnv: z.string().regex(/^[A-Z][A-Z0-9_]{2,63}$/, 'the NAME of an environment variable (A-Z, 0-9, _)'),
    /** A claim with role names: it may narrow the staff list's roles, never widen them. */
    rolesClaim: z.string().min(1).max(64).optional(),
    /** The claim holding the staff id (default `sub`). */
    staffIdClaim: z.string().min(1).max(64).default('sub'),
  })
  .strict();

/** A compliance document of a corp (用户服务协议, 隐私政策): versioned; a new version asks customers again (ADR 0045). */
export const documentDefSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, 'a key like terms or privacy (a-z, 0-9, -)'),
    title: z.string().min(1).max(40),
    version: z.string().regex(/^[A-Za-z0-9._-]{1,32}$/, 'a version like 2026.1 (letters, digits, . _ -)'),
    effectiveAt: when,
    /** Plain text; paragraphs separated by a blank line. */
    body: z.string().min(20).max(50_000),
  })
  .strict();

/** An origin (scheme, host, port) of the corp's own H5 pages: invite links may point only there or at this service. */
const originSchema = z
  .string()
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, 'an origin like https://h5.bank.example (no path, no trailing /)');

export const corpDefSchema = z
  .object({
    id: corpIdSchema,
    name: z.string().min(1).max(64),
    whiteListed: z.boolean().default(false),
    gray: z.boolean().default(false),
    appSecret: z.string().min(16, 'appSecret needs at least 16 characters'),
    groups: z.array(idSchema).default([]),
    cgroups: z.array(z.object({ id: idSchema, name: z.string().min(1).max(64) }).strict()).default([]),
    sso: ssoDefSchema.optional(),
    h5Origins: z.array(originSchema).default([]),
    documents: z
      .array(documentDefSchema)
      .default([])
      .refine((ds) => new Set(ds.map((d) => d.key)).size === ds.length, 'each document key once (its current version)'),
  })
  .strict();

export const userDefSchema = z
  .object({
    corp: corpIdSchema,
    nuid: idSchema,
    mobile: mobileSchema.optional(),
    openId: z.string().min(1).max(64).optional(),
    cgroups: z.array(idSchema).default([]),
  })
  .strict();

/** An instant discount (立减), docs/campaign-format.md. */
export const discountDefSchema = z
  .object({
    id: idSchema,
    corp: corpIdSchema,
    title: z.string().min(1).max(40),
    rules: z.array(z.string().min(1).max(200)).default([]),
    amountCents: z.number().int().positive(),
    thresholdCents: z.number().int().min(0).default(0),
    validCards: z
      .array(
        z.object({ bin: z.string().regex(/^\d{6,8}$/, 'a card BIN is 6-8 digits'), label: z.string().min(1) }).strict(),
      )
      .default([]),
    validMerchants: z.array(z.object({ id: idSchema, name: z.string().min(1) }).strict()).default([]),
    startsAt: when,
    endsAt: when,
    totalLimit: z.number().int().positive(),
    perUserLimit: z.number().int().positive().default(1),
    dailyLimit: z.number().int().positive().nullable().default(null),
    /** Customers (by nuid, from `users`) given this discount: it shows in their 我的奖品. */
    grantTo: z.array(idSchema).default([]),
  })
  .strict()
  .refine((d) => d.endsAt > d.startsAt, { message: 'endsAt must be after startsAt', path: ['endsAt'] });
export type DiscountDef = z.output<typeof discountDefSchema>;

/** Inviting friends to an offer (docs/campaign-format.md `invites`): caps per inviter, link lifetime. */
export const inviteDefSchema = z
  .object({
    corp: corpIdSchema,
    actId: idSchema,
    perDay: z.number().int().positive(),
    perSeason: z.number().int().positive(),
    linkTtlHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
  })
  .strict()
  .refine((i) => i.perSeason >= i.perDay, { message: 'perSeason must be at least perDay', path: ['perSeason'] });
/**
 * A staff member of a corp (docs/decisions/0320-staff-roles.md): a clerk serves one or more stores (ids
 * checked against the stores when they are imported), approvers and operators serve none.
 */
export const staffDefSchema = z
  .object({
    corp: corpIdSchema,
    id: idSchema,
    name: z.string().min(1).max(40),
    roles: z.array(z.enum(STAFF_ROLES)).min(1),
    stores: z.array(idSchema).default([]),
  })
  .strict()
  .refine((s) => !s.roles.includes('clerk') || s.stores.length > 0, {
    message: 'a clerk serves at least one store',
    path: ['stores'],
  });
export type StaffDef = z.output<typeof staffDefSchema>;

/** Per corp: a prize worth more than this (cents) waits for an approver (docs/decisions/0321-approvals.md). */
export const approvalPolicyDefSchema = z
  .object({ corp: corpIdSchema, prizeThresholdCents: z.number().int().min(0).nullable().default(null) })
  .strict();

/** The campaign definition file. Later sections (activities, groups, prizes) extend this object. */
export const definitionSchema = z
  .object({
    corps: z.array(corpDefSchema).default([]),
    users: z.array(userDefSchema).default([]),
    activities: z.array(activityDefSchema).default([]),
    groups: z.array(groupDefSchema).default([]),
    discounts: z.array(discountDefSchema).default([]),
    invites: z.array(inviteDefSchema).default([]),
    seasons: z.array(seasonDefSchema).default([]),
    stores: z.array(storeDefSchema).default([]),
    storeLists: z.array(storeListDefSchema).default([]),
    staff: z.array(staffDefSchema).default([]),
    approvals: z.array(approvalPolicyDefSchema).default([]),
  })
  .strict()
  .superRefine((d, ctx) => {
    seasonProblems(d, ctx);
    checkStoreRefs(d, ctx);
    const corps = new Map(d.corps.map((c) => [c.id, c]));
    const acts = new Set(d.activities.map((a) => `${a.corp}|${a.id}`));
    d.groups.forEach((g, i) => {
      for (const key of ['showActIds', 'relatedActIds', 'surplusActIds', 'winnerActIds'] as const) {
        g[key].forEach((id, j) => {
          if (!acts.has(`${g.corp}|${id}`)) {
            ctx.addIssue({
              code: 'custom',
              path: ['groups', i, key, j],
              message: `activity "${id}" is not defined in this file`,
            });
          }
        });
      }
    });
    d.invites.forEach((v, i) => {
      const act = d.activities.find((a) => a.corp === v.corp && a.id === v.actId);
      if (act?.type !== 'newCustomer') {
        ctx.addIssue({
          code: 'custom',
          path: ['invites', i, 'actId'],
          message: `"${v.actId}" is not a newCustomer activity of corp "${v.corp}" in this file`,
        });
      }
    });
    d.activities.forEach((a, i) => {
      if (a.group && !d.groups.some((g) => g.corp === a.corp && g.id === a.group)) {
        ctx.addIssue({
          code: 'custom',
          path: ['activities', i, 'group'],
          message: `group "${a.group}" is not defined in this file`,
        });
      }
    });
    d.users.forEach((u, i) => {
      const corp = corps.get(u.corp);
      if (!corp) {
        ctx.addIssue({
          code: 'custom',
          path: ['users', i, 'corp'],
          message: `corp "${u.corp}" is not defined in this file`,
        });
        return;
      }
      u.cgroups.forEach((g, j) => {
        if (!corp.cgroups.some((c) => c.id === g)) {
          ctx.addIssue({
            code: 'custom',
            path: ['users', i, 'cgroups', j],
            message: `cgroup "${g}" is not defined for corp "${u.corp}"`,
          });
        }
      });
    });
  });
export type Definition = z.infer<typeof definitionSchema>;

export class DefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The line of the YAML node at a path (the closest existing ancestor). */
function lineOf(doc: ReturnType<typeof parseDocument>, counter: LineCounter, path: PropertyKey[]): number | null {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as (string | number)[], true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return null;
}

const RELATIVE = /^now(?:([+-])(\d+)([dhm]))?$/;
const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

/** Times may be written relative to the import: `now`, `now+90d`, `now-2h` (so the demo never expires). */
function resolveRelativeTimes(value: unknown, now: number): unknown {
  if (typeof value === 'string') {
    const m = RELATIVE.exec(value);
    if (!m) return value;
    const [, sign, n, unit] = m;
    return sign && n && unit ? now + (sign === '+' ? 1 : -1) * Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS] : now;
  }
  if (Array.isArray(value)) return value.map((v) => resolveRelativeTimes(v, now));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRelativeTimes(v, now)]));
  }
  return value;
}

/** Aliases (`*a`) a file may expand in all: anchors save typing, not a way to grow a file a thousandfold. */
const MAX_ALIAS_COUNT = 100;

/**
 * An alias inside the node it names (`a: &a [*a]`) makes the document a cycle, which nothing can walk: it is
 * refused with its line before the document becomes JSON.
 */
function aliasProblems(doc: ReturnType<typeof parseDocument>, counter: LineCounter, fileName: string): string[] {
  const problems: string[] = [];
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target && path.includes(target)) {
        const line = node.range ? counter.linePos(node.range[0]).line : '?';
        problems.push(`${fileName}:${line}: YAML: 别名 *${node.source} 引用了包含它自身的锚点（循环引用）`);
      }
    },
  });
  return problems;
}

/** Parse and validate a definition; every problem names its field and line. */
export function parseDefinition(text: string, fileName = 'definition', now = Date.now()): Definition {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length) {
    throw new DefinitionError(
      doc.errors.map((e) => `${fileName}:${e.linePos?.[0]?.line ?? '?'}: YAML syntax: ${e.message.split('\n')[0]}`),
    );
  }
  const aliases = aliasProblems(doc, counter, fileName);
  if (aliases.length) throw new DefinitionError(aliases);
  let json: unknown;
  try {
    json = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch {
    // yaml's own bound: aliases that would expand the document past MAX_ALIAS_COUNT copies (a "billion laughs").
    throw new DefinitionError([`${fileName}:?: YAML: 别名展开过多（上限 ${MAX_ALIAS_COUNT}），请直接写出内容`]);
  }
  const parsed = definitionSchema.safeParse(resolveRelativeTimes(json, now));
  if (!parsed.success) {
    throw new DefinitionError(
      parsed.error.issues.map((i) => {
        const field = i.path.map(String).join('.') || '(root)';
        const line = lineOf(doc, counter, i.path);
        return `${fileName}:${line ?? '?'}: ${field}: ${i.message}`;
      }),
    );
  }
  return parsed.data;
}

/** A season belongs to a `ranking` activity of this file and awards that activity's prizes. */
function seasonProblems(d: Pick<Definition, 'activities' | 'seasons'>, ctx: z.RefinementCtx): void {
  d.seasons.forEach((s, i) => {
    const act = d.activities.find((a) => a.corp === s.corp && a.id === s.act);
    if (act?.type !== 'ranking') {
      ctx.addIssue({
        code: 'custom',
        path: ['seasons', i, 'act'],
        message: `"${s.act}" is not a ranking activity of this file`,
      });
      return;
    }
    const ranks = new Map<string, number>();
    s.bands.forEach((b, j) => {
      const prize = act.prizes.find((p) => p.id === b.prize && p.kind !== 'thanks');
      if (!prize) {
        ctx.addIssue({
          code: 'custom',
          path: ['seasons', i, 'bands', j, 'prize'],
          message: `"${b.prize}" is not a prize of ${s.act}`,
        });
        return;
      }
      const n = (ranks.get(prize.id) ?? 0) + Math.max(0, b.to - b.from + 1);
      ranks.set(prize.id, n);
      if (prize.stock !== null && n > prize.stock) {
        ctx.addIssue({
          code: 'custom',
          path: ['seasons', i, 'bands', j, 'to'],
          message: `the bands award ${n} × "${prize.id}" but its stock is ${prize.stock}`,
        });
      }
    });
  });
}
