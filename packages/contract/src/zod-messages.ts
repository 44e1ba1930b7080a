import type { z } from 'zod';
import { FIELD_MESSAGES } from './common';
import { FIELD_LABELS } from './field-labels';
import type { Locale } from './locale';

// The one place a zod issue becomes what a person reads (issue 34 §1): every check the server runs with zod (a
// request's body and query, a console draft's shape, the campaign file's schemas) says why in Chinese and names
// the field by its label (field-labels.ts). A schema's own English text ('letters, digits, _ or - (1-64)') and
// zod's built-in wording are never shown in zh-CN: the message is made from the issue's code and numbers.

type Issue = z.core.$ZodIssue;

/** Values of the enums a draft or a file names, as staff read them (kinds, periods, types, roles). */
const VALUE_LABELS: Readonly<Record<string, string>> = {
  signin: '签到',
  draw: '抽奖',
  visit: '浏览',
  invite: '邀请',
  daily: '每日',
  once: '一次',
  perInvitee: '每邀请一人',
  coupon: '券',
  physical: '实物',
  points: '积分',
  thanks: '谢谢参与',
  wheel: '大转盘',
  grid: '九宫格',
  scratch: '刮刮卡',
  blindbox: '盲盒',
  common: '通用活动',
  ranking: '排位赛',
  newCustomer: '新客礼',
  newUser: '新用户礼',
  clerk: '门店核销员',
  approver: '审批',
  operator: '运营',
  auditor: '审计',
  admin: '管理员',
  spring: '新春',
  plain: '简洁',
  clockwise: '顺时针',
  counterclockwise: '逆时针',
};

/** A schema's own English message (refine, superRefine) → Chinese; `$1`… are the message's captures. */
const CUSTOM: readonly [RegExp, string][] = [
  [/^boxes: 3, 6 or 9$/, '盲盒数量须为 3、6 或 9'],
  [/^endsAt must be after startsAt$/, '结束时间须晚于开始时间'],
  [/^set perDay, perActivity or both$/, '请设置每日次数或活动总次数'],
  [/^a points prize needs `points`$/, '积分奖品须填写积分'],
  [/^not a date\/time/, '不是有效的日期时间'],
  [/^a draw task names actId$/, '抽奖任务须选择关联活动'],
  [/^a visit task names seconds$/, '浏览任务须填写浏览秒数'],
  [/^invite tasks, and only they, are perInvitee$/, '只有邀请任务的周期是“每邀请一人”'],
  [/^to must be at least from$/, '结束名次不能小于起始名次'],
  [/^task "(.*)" twice$/, '任务编号“$1”重复'],
  [/^bands (\S+) and (\S+) overlap$/, '名次段 $1 与 $2 重叠'],
  [/^at most (\d+) winners$/, '获奖名次最多 $1 名'],
  [/^perSeason must be at least perDay$/, '每期上限不能小于每日次数'],
  [/^a clerk serves at least one store$/, '门店核销员至少负责一家门店'],
  [/^"(.*)" is not a prize of (.*)$/, '“$1”不是活动 $2 的奖品'],
  [/^the bands award (\d+) × "(.*)" but its stock is (\d+)$/, '名次奖励共需 $1 份“$2”，但库存只有 $3'],
  [/^"(.*)" is not a ranking activity of this file$/, '“$1”不是排位赛活动'],
  [/^(?:activity|store|group|corp) "(.*)" is not defined in this file$/, '找不到“$1”'],
];

const HAN = /\p{Script=Han}/u;

/** Labels that depend on the list a field is in (`tasks.0.kind` is a task's type, not the campaign's). */
const LABELS_IN: Readonly<Record<string, string>> = {
  'tasks.kind': '任务类型',
  'tasks.id': '任务编号',
  'tasks.title': '任务名称',
  'prizes.kind': '奖品类型',
  'prizes.id': '奖品编号',
  'prizes.name': '奖品名称',
  'stores.name': '门店名称',
  'stores.id': '门店编号',
  'staffList.id': '人员编号',
  'staffList.name': '姓名',
};

/** The field an issue is about, by its label: `tasks.2.id` → 任务第 3 项的编号. */
export function issueField(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string');
  const last = keys[keys.length - 1];
  if (last === undefined) return '';
  const parent = keys[keys.length - 2];
  const label = LABELS_IN[`${parent}.${last}`] ?? FIELD_LABELS[last] ?? last;
  const index = path[path.length - 1];
  if (typeof index === 'number') return `${label}第 ${index + 1} 项`;
  return label;
}

/** A whole-number id pattern `^[A-Za-z0-9_-]{1,N}$` → its rule in words. */
function patternRule(pattern: string | undefined): string | null {
  const id = pattern ? /^\/\^\[A-Za-z0-9_-\]\{1,(\d+)\}\$\/$/.exec(pattern) : null;
  if (id) return `只能由字母、数字、_ 或 - 组成（1–${id[1]} 位）`;
  if (pattern === '/^\\d{6}$/') return '须为 6 位数字';
  if (pattern?.startsWith('/^#(?:')) return '须为颜色，如 #e8282b';
  return null;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: '须为数字',
  int: '须为整数',
  string: '须为文字',
  boolean: '须为“是”或“否”',
  array: '须为列表',
  object: '填写有误',
  date: '须为日期时间',
};

function sizeMessage(i: Extract<Issue, { code: 'too_small' | 'too_big' }>, field: string): string {
  const small = i.code === 'too_small';
  const n = Number(small ? i.minimum : i.maximum);
  if (i.origin === 'string') {
    if (small && n <= 1) return `请填写${field}`;
    return small ? `${field}至少 ${n} 个字` : `${field}最多 ${n} 个字`;
  }
  if (i.origin === 'array' || i.origin === 'set') return small ? `${field}至少 ${n} 项` : `${field}最多 ${n} 项`;
  // Money is kept in cents and typed in yuan.
  const cents = /Cents$/.test(String(i.path[i.path.length - 1] ?? ''));
  const shown = `${(cents ? n / 100 : n).toLocaleString('zh-CN')}${cents ? ' 元' : ''}`;
  if (small) return i.inclusive ? `${field}不能小于 ${shown}` : `${field}须大于 ${shown}`;
  return i.inclusive ? `${field}不能大于 ${shown}` : `${field}须小于 ${shown}`;
}

function customMessage(message: string, field: string): string {
  if (HAN.test(message)) return message;
  for (const [re, zh] of CUSTOM) if (re.test(message)) return message.replace(re, zh);
  return `${field}填写有误`;
}

/** One issue in Chinese, naming its field. */
export function zhIssueMessage(i: Issue): string {
  const field = issueField(i.path) || '内容';
  switch (i.code) {
    case 'invalid_type':
      return /received undefined/.test(i.message)
        ? `请填写${field}`
        : `${field}${TYPE_WORDS[i.expected] ?? '填写有误'}`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(i, field);
    case 'invalid_format':
      return `${field}${(i.format === 'regex' && patternRule(i.pattern)) || '格式不正确'}`;
    case 'invalid_value':
      return `${field}须为以下之一：${i.values.map((v) => VALUE_LABELS[String(v)] ?? String(v)).join('、')}`;
    case 'unrecognized_keys':
      return `${field}含有不认识的项：${i.keys.map((k) => FIELD_LABELS[k] ?? k).join('、')}`;
    case 'not_multiple_of':
      return `${field}须为 ${String(i.divisor)} 的倍数`;
    case 'custom':
      return customMessage(i.message, field);
    default:
      return `${field}填写有误`;
  }
}

/**
 * What a person reads for one issue in their language: an `i18n:<key>` message from the contract's field
 * messages; in zh-CN, the Chinese made from the issue; otherwise zod's English.
 */
export function issueMessage(i: Issue, locale: Locale): string {
  const key = i.message.startsWith('i18n:') ? (i.message.slice(5) as keyof typeof FIELD_MESSAGES) : null;
  if (key && key in FIELD_MESSAGES) return FIELD_MESSAGES[key][locale];
  return locale === 'zh-CN' ? zhIssueMessage(i) : i.message;
}
