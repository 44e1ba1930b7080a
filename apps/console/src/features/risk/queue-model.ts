import type { RouteData } from '@campaign/contract/client';
import { LINE, qt as t } from './queue-messages';

// The review queue's rules, apart from antd: what a kind is called and decided with, which context lines a row
// shows, how cases group by device or address, and how long a case has left.

export type ReviewCase = RouteData<'consoleRequests'>['items'][number];
export type CaseKind = ReviewCase['kind'];
export type Decision = 'approve' | 'reject';
export type Grouping = 'none' | 'device' | 'ip';

/** The contract's REVIEW_BULK_MAX (its runtime value sits beside zod, ADR 0110): one call takes 50 at most. */
export const BULK_MAX = 50;

/** The kinds the filter offers (the queue under 全部 holds every kind). */
export const FILTER_KINDS = [
  'prize-award',
  'risk-appeal',
  'risk-ruleset',
  'risk-list-import',
  'risk-reversal',
] as const satisfies readonly CaseKind[];
export type FilterKind = (typeof FILTER_KINDS)[number];
export const isFilterKind = (v: string | null): v is FilterKind => FILTER_KINDS.includes(v as FilterKind);

const KIND_LABEL: Record<CaseKind, string> = {
  'prize-award': t('risk.queue.kind.prize-award'),
  'risk-appeal': t('risk.queue.kind.risk-appeal'),
  'risk-ruleset': t('risk.queue.kind.risk-ruleset'),
  'redemption-exception': t('risk.queue.kind.redemption-exception'),
  'rules-change': t('risk.queue.kind.rules-change'),
  'risk-list-import': t('risk.queue.kind.risk-list-import'),
  'risk-reversal': t('risk.queue.kind.risk-reversal'),
};
export const kindLabel = (k: CaseKind) => KIND_LABEL[k];

/** The words of a decision on a kind: 放行 / 退回 a held prize, 申诉成立 / 驳回申诉, 批准生效 / 驳回. */
const WORDS: Record<FilterKind, Record<Decision, string>> = {
  'prize-award': { approve: t('risk.queue.approve.prize-award'), reject: t('risk.queue.reject.prize-award') },
  'risk-appeal': { approve: t('risk.queue.approve.risk-appeal'), reject: t('risk.queue.reject.risk-appeal') },
  'risk-ruleset': { approve: t('risk.queue.approve.risk-ruleset'), reject: t('risk.queue.reject.risk-ruleset') },
  'risk-list-import': {
    approve: t('risk.queue.approve.risk-list-import'),
    reject: t('risk.queue.reject.risk-list-import'),
  },
  'risk-reversal': { approve: t('risk.queue.approve.risk-reversal'), reject: t('risk.queue.reject.risk-reversal') },
};
const GENERIC: Record<Decision, string> = {
  approve: t('risk.queue.approve.other'),
  reject: t('risk.queue.reject.other'),
};

/** The one filter kind of these cases, or null when they are of several kinds (or of another). */
function soleKind(kinds: readonly CaseKind[]): FilterKind | null {
  const one = [...new Set(kinds)];
  const [kind = null] = one;
  return one.length === 1 && isFilterKind(kind) ? kind : null;
}

/** The word for deciding cases of these kinds: the kind's own when they are all one kind, else 通过 / 驳回. */
export function decisionWord(kinds: readonly CaseKind[], d: Decision): string {
  const kind = soleKind(kinds);
  return kind ? WORDS[kind][d] : GENERIC[d];
}

/** What a decision does, said before it is made (cases of one kind of the filter's). */
export function decisionHint(kinds: readonly CaseKind[], d: Decision): string | null {
  const kind = soleKind(kinds);
  return kind ? t(`risk.queue.hint.${d}.${kind}`) : null;
}

/** The lines a row shows by kind (the drawer shows them all); absent ones are skipped. */
const KEY_LINES: Partial<Record<CaseKind, string[]>> = {
  'prize-award': [LINE.rules, LINE.customer, LINE.value, LINE.threshold],
  'risk-appeal': [LINE.customer, LINE.rules, LINE.note],
  'risk-ruleset': [LINE.ask, LINE.shadow, LINE.reason],
  'risk-list-import': [LINE.importCount, LINE.importTypes, LINE.samples],
  'risk-reversal': [LINE.original, LINE.undo, LINE.reason],
};

export function keyLines(c: ReviewCase): ReviewCase['context'] {
  const wanted = KEY_LINES[c.kind];
  if (!wanted) return c.context.slice(0, 3);
  return wanted.flatMap((label) => c.context.filter((l) => l.label === label)).slice(0, 3);
}

/** The context line a grouping reads (the server's labels). */
export const GROUP_LINE: Record<Exclude<Grouping, 'none'>, string> = { device: LINE.device, ip: LINE.ip };

export interface CaseGroup {
  /** The device or address, or null for the cases without one (其他). */
  value: string | null;
  cases: ReviewCase[];
}

/** Cases by their device or address line, the largest group first; the ones without one last (其他). */
export function groupCases(cases: readonly ReviewCase[], by: Grouping): CaseGroup[] {
  if (by === 'none') return [{ value: null, cases: [...cases] }];
  const label = GROUP_LINE[by];
  const groups = new Map<string, ReviewCase[]>();
  const other: ReviewCase[] = [];
  for (const c of cases) {
    const value = c.context.find((l) => l.label === label)?.value.trim();
    if (!value || value === LINE.noDevice) other.push(c);
    else groups.set(value, [...(groups.get(value) ?? []), c]);
  }
  const named = [...groups].map(([value, list]) => ({ value, cases: list }));
  named.sort((a, b) => b.cases.length - a.cases.length || a.value.localeCompare(b.value));
  return other.length > 0 ? [...named, { value: null, cases: other }] : named;
}

const HOUR = 3_600_000;

/** 剩余 N 小时 (rounded up), or overdue. */
export function deadline(dueAt: number, now: number): { overdue: boolean; text: string } {
  const left = dueAt - now;
  if (left <= 0) return { overdue: true, text: t('risk.queue.due.over') };
  return { overdue: false, text: t('risk.queue.due.left', { n: Math.ceil(left / HOUR) }) };
}
