import {
  type CampaignDraft,
  type DraftTime,
  KIND_ACTIVITY_TYPE,
  type Locale,
  oddsTable,
  unboundedPrizes,
} from '@campaign/contract';
import { cardAndMerchantProblems } from './discount-checks';
import { draftPath, fileOf, KIND_EXTRAS, KIND_SECTIONS } from './file';
import type { CampaignFilePort } from './ports';

/** PRC Anti-Unfair Competition Law: a lottery-style prize may be worth at most ¥50,000. */
export const MAX_PRIZE_CENTS = 50_000 * 100;
/** A campaign runs at most this long, and starts at most this far ahead. */
export const MAX_SPAN_MS = 366 * 24 * 3600 * 1000;

const SECTIONS = ['activity', 'discount', 'season', 'invites', 'stores', 'staffList'] as const;
const OFFER_TYPES = new Set(['newCustomer', 'newUser']);

export interface CheckInput {
  corpId: string;
  id: string;
  draft: CampaignDraft;
  now: number;
  locale: Locale;
}

/**
 * Every check a draft must pass before it is submitted or published (issue 23 "Checks"), as field errors
 * keyed by the draft path (`activity.prizes.2.valueCents`), in the user's language. The campaign file's
 * own schemas run first (the same ones `cli import` applies); the console's rules come on top.
 */
export function draftProblems(input: CheckInput, file: CampaignFilePort): Record<string, string> {
  const { draft, locale, now } = input;
  const fields: Record<string, string> = {};
  const m = (zh: string, en: string) => (locale === 'zh-CN' ? zh : en);
  const add = (path: string, msg: string) => {
    fields[path] ??= msg;
  };

  const need = KIND_SECTIONS[draft.kind];
  const allowed = new Set([...need, ...(KIND_EXTRAS[draft.kind] ?? [])]);
  for (const s of need) if (draft[s] == null) add(s, m('请填写此部分', 'this section is required'));
  for (const s of SECTIONS) {
    if (draft[s] != null && !allowed.has(s)) add(s, m('此类活动不含这一部分', 'this kind has no such section'));
  }
  if (Object.keys(fields).length) return fields;

  if (draft.activity) activityProblems(draft.activity, draft.kind, now, add, m);
  // 仅白名单可参与 on with no list would admit nobody once published (ADR 0382).
  if (draft.activity?.eligibility?.whiteListOnly === true && !draft.whiteList?.ref) {
    add(
      'activity.eligibility.whiteListOnly',
      m(
        '已打开“仅白名单可参与”：请上传白名单，或关闭此开关',
        'white list only is on: upload a white list, or turn it off',
      ),
    );
  }
  if (draft.discount) discountProblems(draft.discount, now, add, m);
  const staff = draft.staffList;
  if (staff?.length && !staff.some((s) => Array.isArray(s.roles) && s.roles.includes('admin'))) {
    add(
      'staffList',
      m(
        '名单须至少包含一名管理员：发布后它将替换本机构的人员名单',
        'keep an admin: the list replaces the corp’s staff list',
      ),
    );
  }
  // The campaign file's own schemas last: where the console's rules above already named a field, their
  // message (in the user's language) is the one shown.
  for (const issue of file.problems(fileOf(input.corpId, input.id, draft, { pools: true }), locale)) {
    add(draftPath(issue), issue.message);
  }
  return fields;
}

type Add = (path: string, msg: string) => void;
type Message = (zh: string, en: string) => string;

/** The console's rules for a game's activity: its type, rules text, window, prizes and chances. */
function activityProblems(
  act: NonNullable<CampaignDraft['activity']>,
  kind: CampaignDraft['kind'],
  now: number,
  add: Add,
  m: Message,
) {
  const type = KIND_ACTIVITY_TYPE[kind];
  if (act.type !== type) add('activity.type', m(`此类活动的类型应为 ${type}`, `the type of this kind is ${type}`));
  if (!isChinese(act.rules)) add('activity.rules', m('活动规则须使用中文撰写', 'the rules must be written in Chinese'));
  dateProblems('activity', act.startsAt, act.endsAt, now, add, m);
  const prizes = Array.isArray(act.prizes) ? act.prizes : [];
  prizes.forEach((p, i) => {
    if ((p.valueCents ?? 0) > MAX_PRIZE_CENTS) {
      add(
        `activity.prizes.${i}.valueCents`,
        m('单个奖品价值不得超过 50,000 元', 'a prize may be worth at most ¥50,000'),
      );
    }
    const stock = p.consolation ? null : (p.stock ?? null);
    if (stock !== null && p.perUserCap != null && p.perUserCap > stock) {
      add(`activity.prizes.${i}.perUserCap`, m('每人上限不能超过库存', 'the per-customer cap exceeds the stock'));
    }
    if (p.release && stock === null) {
      add(`activity.prizes.${i}.release`, m('按计划释放的奖品须设置库存', 'a paced prize needs a stock'));
    } else if (p.release && stock !== null && p.release.units > stock) {
      add(`activity.prizes.${i}.release`, m('每次释放的数量不能超过库存', 'a release gives at most the stock'));
    }
    if (p.codes?.ref && p.kind !== 'coupon') {
      add(`activity.prizes.${i}.codes`, m('只有券类奖品可以使用券码池', 'only a coupon has a code pool'));
    } else if (p.codes?.ref && stock === null) {
      add(`activity.prizes.${i}.stock`, m('使用券码池的奖品须设置库存', 'a prize with a code pool needs a stock'));
    }
  });
  for (const pid of unboundedPrizes(prizes)) {
    const i = prizes.findIndex((p) => p.id === pid);
    add(`activity.prizes.${i}.stock`, m('有价值的奖品须设置库存', 'a prize of value needs a stock'));
  }
  if (!OFFER_TYPES.has(act.type) && prizes.length > 0) {
    const consolations = prizes.filter((p) => p.consolation).length;
    if (consolations !== 1) {
      add(
        'activity.prizes',
        m('须有且仅有一个兜底奖品（谢谢参与）', 'exactly one prize must be the consolation prize'),
      );
    } else if (oddsTable(prizes).length === 0) {
      add(
        'activity.prizes',
        m('中奖概率合计须为 100%：权重之和须大于 0', 'the odds must add up: the weights sum to 0'),
      );
    }
  }
  const c = act.chances ?? {};
  if (c.perDay != null && c.perActivity != null && c.perDay > c.perActivity) {
    add('activity.chances.perDay', m('每日次数不能超过活动总次数', 'chances per day exceed those per campaign'));
  }
}

/** The console's rules for a discount: its window, rules text and limits. */
function discountProblems(d: NonNullable<CampaignDraft['discount']>, now: number, add: Add, m: Message) {
  dateProblems('discount', d.startsAt, d.endsAt, now, add, m);
  (d.rules ?? []).forEach((r, i) => {
    if (!isChinese(r)) add(`discount.rules.${i}`, m('活动规则须使用中文撰写', 'the rules must be written in Chinese'));
  });
  if (d.perUserLimit != null && d.perUserLimit > d.totalLimit) {
    add('discount.perUserLimit', m('每人次数不能超过总名额', 'the per-customer limit exceeds the total'));
  }
  if (d.dailyLimit != null && d.dailyLimit > d.totalLimit) {
    add('discount.dailyLimit', m('每日名额不能超过总名额', 'the daily limit exceeds the total'));
  }
  if (d.amountCents > MAX_PRIZE_CENTS) {
    add('discount.amountCents', m('立减金额不得超过 50,000 元', 'a discount may be at most ¥50,000'));
  }
  cardAndMerchantProblems(d, add, m);
}

/** Chinese text: at least 4 Han characters, and more Han characters than Latin letters. */
export function isChinese(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.replace(/<[^>]*>/g, '').match(/[A-Za-z]/g)?.length ?? 0;
  return han >= 4 && han > latin;
}

export function timeOf(t: DraftTime | undefined | null): number | null {
  if (t == null) return null;
  const ms = typeof t === 'number' ? t : Date.parse(t);
  return Number.isFinite(ms) ? ms : null;
}

function dateProblems(
  section: string,
  startsAt: DraftTime,
  endsAt: DraftTime,
  now: number,
  add: (path: string, msg: string) => void,
  m: (zh: string, en: string) => string,
) {
  const s = timeOf(startsAt);
  const e = timeOf(endsAt);
  if (s === null) return add(`${section}.startsAt`, m('请填写开始时间', 'set the start'));
  if (e === null) return add(`${section}.endsAt`, m('请填写结束时间', 'set the end'));
  if (e <= s) return add(`${section}.endsAt`, m('结束时间须晚于开始时间', 'the end must be after the start'));
  if (e <= now) add(`${section}.endsAt`, m('结束时间须晚于当前时间', 'the end must be in the future'));
  if (e - s > MAX_SPAN_MS) add(`${section}.endsAt`, m('活动时长不能超过一年', 'a campaign runs at most a year'));
  if (s - now > MAX_SPAN_MS)
    add(`${section}.startsAt`, m('开始时间不能晚于一年之后', 'the start is more than a year ahead'));
}
