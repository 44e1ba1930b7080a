import { chinaIsoWithOffset } from '@campaign/contract/china-time';
import { Document } from 'yaml';
import { type Definition, DefinitionError, definitionSchema, parseDefinition } from '../../campaign-file/definition';
import type { LabPrize } from './ports';

// A draft and the campaign file (docs/decisions/0348-yaml.md). The draft is the campaign file's part for
// one campaign, as JSON (console plan: `{ kind, activity?, discount?, season?, invites?, stores?,
// storeLists?, … }`); the file is what `cli import` reads. Both directions go through the CLI's own zod
// schema and line-numbered parser, so a file the console accepts is one the CLI accepts and back.

type Obj = Record<string, unknown>;
export type Draft = Obj & { kind: string };

export type ActivityOfDraft = Definition['activities'][number];

/** `fields` for a refused draft: `activity.prizes.2.weight` → message. */
export type DraftFields = Record<string, string>;

/**
 * The draft's activity as it would be published (the campaign's id and corp, the banner in its page),
 * validated by the campaign file's schema; its problems as draft fields otherwise.
 */
export function activityOfDraft(
  draft: unknown,
  corpId: string,
  id: string,
): { activity: ActivityOfDraft } | { fields: DraftFields } {
  const d = (draft ?? {}) as { activity?: Obj; banner?: string | null };
  if (!d.activity) return { fields: { activity: '草稿中没有活动（activity）' } };
  const page = (d.activity.page ?? {}) as Obj;
  const activity = { ...d.activity, id, corp: corpId, page: d.banner ? { ...page, banner: d.banner } : page };
  const r = definitionSchema.safeParse({ activities: [activity] });
  if (r.success && r.data.activities[0]) return { activity: r.data.activities[0] };
  const fields: DraftFields = {};
  for (const i of r.error?.issues ?? []) {
    const [, , ...rest] = i.path.map(String);
    fields[['activity', ...rest].join('.')] ??= i.message;
  }
  return { fields };
}

/** The draft's prize table as the draw engine takes it. */
export function labPrizes(activity: ActivityOfDraft): LabPrize[] {
  return activity.prizes.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    image: p.image,
    weight: p.weight,
    stock: p.stock,
    valueCents: p.valueCents,
    unlockAfterDraws: p.unlockAfterDraws,
    tiers: p.tiers,
    consolation: p.consolation,
    release: p.release ?? null,
  }));
}

const TIME_KEYS = new Set(['startsAt', 'endsAt', 'newCustomersSince', 'from', 'to']);

function timesAsText(value: unknown, key = ''): unknown {
  if (typeof value === 'number' && TIME_KEYS.has(key) && value > 1e11) return chinaIsoWithOffset(value); // ISO 8601 in China time, as the file writes one
  if (Array.isArray(value)) return value.map((v) => timesAsText(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, timesAsText(v, k)]));
  }
  return value;
}

/** A campaign file object (the campaigns module's `fileOf` of a draft) as YAML text. */
export function fileToYaml(file: Obj, header: string): string {
  const sections = Object.fromEntries(Object.entries(file).filter(([, v]) => !Array.isArray(v) || v.length > 0));
  const doc = new Document(timesAsText(sections));
  doc.commentBefore = ` ${header}`;
  return doc.toString({ lineWidth: 0 });
}

const without = (o: unknown, ...keys: string[]): Obj =>
  Object.fromEntries(Object.entries(o as Obj).filter(([k]) => !keys.includes(k)));

export class YamlProblems extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/**
 * A campaign file → a draft: parsed by the CLI's parser (every problem `line: field: message`), then it
 * must hold exactly one campaign (one activity or one discount) of `corpId`.
 */
export function yamlToDraft(
  text: string,
  corpId: string,
  now: number,
): { draft: Draft; title: string; id: string | undefined } {
  let def: Definition;
  try {
    def = parseDefinition(text, 'yaml', now);
  } catch (err) {
    if (err instanceof DefinitionError) throw new YamlProblems(err.problems.map((p) => p.replace(/^yaml:/, '')));
    throw err;
  }
  const problems: string[] = [];
  const campaigns = def.activities.length + def.discounts.length;
  if (campaigns > 1)
    problems.push(`?: activities: 一个文件只能导入一个活动（activities 或 discounts），现有 ${campaigns} 个`);
  if (campaigns === 0 && def.storeLists.length === 0 && def.staff.length === 0) {
    problems.push('?: activities: 文件中没有活动、门店列表或人员名单');
  }
  if (def.corps.length || def.users.length || def.groups.length || def.approvals.length) {
    problems.push('?: corps: 控制台只导入活动本身；机构、用户、分组与审批规则请用命令行导入');
  }
  const foreign = [...def.activities, ...def.discounts, ...def.seasons].find((x) => x.corp !== corpId);
  if (foreign) problems.push(`?: corp: 活动属于机构 "${foreign.corp}"，当前机构为 "${corpId}"`);
  if (problems.length) throw new YamlProblems(problems);
  const activity = def.activities[0];
  const discount = def.discounts[0];
  const list = def.storeLists[0];
  const kind = activity ? activity.type : discount ? 'discount' : list ? 'storeList' : 'staffList';
  // The draft leaves out what the campaign fills in when it is published (its id, corp, state).
  const draft: Draft = { kind };
  if (activity) draft.activity = without(activity, 'id', 'corp', 'state');
  if (discount) draft.discount = without(discount, 'id', 'corp');
  if (def.seasons[0]) draft.season = without(def.seasons[0], 'act', 'corp');
  if (def.invites[0]) draft.invites = without(def.invites[0], 'actId', 'corp');
  if (list) draft.stores = { list: without(list, 'corp'), stores: def.stores.map((s) => without(s, 'corp')) };
  if (def.staff.length) draft.staffList = def.staff.map((s) => without(s, 'corp'));
  return { draft, title: activity?.title ?? discount?.title ?? list?.name ?? '', id: activity?.id ?? discount?.id };
}
