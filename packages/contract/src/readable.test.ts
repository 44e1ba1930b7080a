import { describe, expect, it } from 'vitest';
import { CAMPAIGN_KINDS, type CampaignDraft } from './campaign-draft';
import { campaignDraftShapeSchema } from './campaign-draft-schema';
import { fieldLabelAt } from './field-labels';
import { namesOf, type Readable, readable, readableLabel, readableText } from './readable';
import { readableRecord } from './readable-record';

// Every field of the draft schema has a label and reads as a person would: the unit test issue 34 §2 asks for.
// A field added to campaign-draft-schema.ts without a label in field-labels.ts fails here by its path.

/** The keys of `activity.page` (a record in the schema: its keys are DraftActivity's). */
const PAGE_KEYS = [
  'banner',
  'primaryColor',
  'backgroundColor',
  'textColor',
  'buttonImage',
  'shareTitle',
  'shareText',
  'shareImage',
];

type Leaf = { path: (string | number)[]; key: string };
type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/**
 * Walks a zod schema: every field's path (arrays as row 0) and a sample value of the schema's shape — money
 * 1250 cents, times a fixed epoch ms, texts in Chinese, enums their first option, booleans true.
 */
function walk(schema: unknown, path: (string | number)[], leaves: Leaf[]): unknown {
  const def = defOf(schema);
  const key = String(path.filter((p) => typeof p === 'string').at(-1) ?? '');
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return walk(def.innerType, path, leaves);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        leaves.push({ path: [...path, k], key: k });
        out[k] = walk(v, [...path, k], leaves);
      }
      return out;
    }
    case 'array':
      return [walk(def.element, [...path, 0], leaves)];
    case 'record': {
      const out: Record<string, unknown> = {};
      for (const k of PAGE_KEYS) {
        leaves.push({ path: [...path, k], key: k });
        out[k] = walk(def.valueType, [...path, k], leaves);
      }
      return out;
    }
    case 'union':
      return walk((def.options as unknown[])[0], path, leaves);
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'number':
      return key.endsWith('Cents') ? 1250 : key.endsWith('At') || key === 'newCustomersSince' ? 1_767_196_800_000 : 7;
    case 'boolean':
      return true;
    case 'string':
      return '示例';
    default:
      throw new Error(`no sample for ${def.type} at ${path.join('.')}`);
  }
}

const leaves: Leaf[] = [];
const sample = walk(campaignDraftShapeSchema, [], leaves) as CampaignDraft;

/** Every English key of the schema (what must never reach a person). */
const KEYS = [...new Set(leaves.map((l) => l.key))];
const rawish = (s: string) => {
  const found: string[] = [];
  if (s.includes('{"')) found.push('JSON');
  if (/\d{13}/.test(s)) found.push('epoch ms');
  for (const k of KEYS) if (new RegExp(`\\b${k}\\b`).test(s)) found.push(k);
  return found;
};

describe('the draft schema, field by field', () => {
  it('has a label for every field (a new field without one fails here by its path)', () => {
    const unlabelled = leaves.filter((l) => fieldLabelAt(l.path) === undefined).map((l) => l.path.join('.'));
    expect(unlabelled).toEqual([]);
  });

  it('formats every field with no JSON, no epoch ms and no English key', () => {
    const names = namesOf(sample);
    const problems = leaves.flatMap((l) => {
      const value = l.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], sample);
      const shown = `${readableLabel(l.path)} ${readableText(readable(l.path, value, names))}`;
      return rawish(shown).map((p) => `${l.path.join('.')}: ${p} in "${shown}"`);
    });
    expect(problems).toEqual([]);
  });

  it('reads the whole draft without a raw word', () => {
    expect(rawish(readableText(readable([], sample, namesOf(sample))))).toEqual([]);
  });

  it('covers every kind: the kind reads as its Chinese name', () => {
    for (const kind of CAMPAIGN_KINDS) expect(readableText(readable(['kind'], kind))).not.toBe(kind);
  });
});

describe('path-aware labels', () => {
  it("labels a prize's kind 奖品类型 and the campaign's 活动类型", () => {
    expect(fieldLabelAt('activity.prizes.0.kind')).toBe('奖品类型');
    expect(fieldLabelAt(['kind'])).toBe('活动类型');
    expect(fieldLabelAt('season.tasks.3.kind')).toBe('任务类型');
    expect(fieldLabelAt('staffList.0.stores')).toBe('所属门店');
  });

  it('reads enums by their set: a prize kind, a task kind, a campaign kind', () => {
    expect(readableText(readable(['activity', 'prizes', 0, 'kind'], 'physical'))).toBe('实物');
    expect(readableText(readable(['season', 'tasks', 0, 'kind'], 'draw'))).toBe('抽奖');
    expect(readableText(readable(['kind'], 'wheel'))).toBe('大转盘');
    expect(readableText(readable(['staffList', 0, 'roles'], ['clerk']))).toBe('门店核销');
  });
});

describe('values', () => {
  const text = (path: (string | number)[], v: unknown) => readableText(readable(path, v));

  it('money in yuan, times in China time, yes / no, no limit', () => {
    expect(text(['activity', 'prizes', 0, 'valueCents'], 1250)).toBe('¥12.50');
    expect(text(['activity', 'startsAt'], Date.UTC(2026, 11, 1, 2, 0))).toBe('2026-12-01 10:00');
    expect(text(['activity', 'startsAt'], '2026-12-01T00:00:00+08:00')).toBe('2026-12-01 00:00');
    expect(text(['activity', 'eligibility', 'whiteListOnly'], false)).toBe('否');
    expect(text(['activity', 'prizes', 0, 'stock'], null)).toBe('不限');
    expect(text(['activity', 'subtitle'], null)).toBe('（无）');
  });

  it('an image is a thumbnail, a white list its file and rows, a store its name', () => {
    expect(readable(['banner'], '/uploads/b.png')).toEqual({ kind: 'image', url: '/uploads/b.png', alt: '横幅图片' });
    expect(text(['whiteList'], { ref: 'l-8f2k', rows: 1200, name: '白名单.csv' })).toBe('白名单.csv（1,200 行）');
    expect(text(['whiteList'], { ref: 'l-8f2k', rows: 3 })).toBe('已上传的名单（3 行）');
    const names = { store: { 's-1': '南京西路支行' } };
    expect(readableText(readable(['stores', 'list', 'stores'], ['s-1'], names))).toBe('南京西路支行');
    expect(readableText(readable(['season', 'bands', 0, 'prize'], 'p-9', { prize: { 'p-9': '一等奖' } }))).toBe(
      '一等奖',
    );
  });

  it('rows as a table without ids, a section as labelled lines', () => {
    const prizes = readable(
      ['activity', 'prizes'],
      [{ id: 'p-x1', name: '一等奖', kind: 'coupon', valueCents: 500, image: '/p.png' }],
    );
    expect(prizes.kind).toBe('table');
    const table = prizes as Extract<Readable, { kind: 'table' }>;
    expect(table.columns).toEqual(['奖品名称', '奖品类型', '价值（元）', '奖品图片']);
    expect(table.rows[0]?.map(readableText)).toEqual(['一等奖', '优惠券', '¥5.00', '（图片）']);
    expect(text(['activity', 'claim'], { addressWindowDays: 7, couponValidDays: null })).toBe(
      '填写地址期限（天）：7；券有效期（天）：不限',
    );
  });

  it('an unknown field reads 其他设置 and its value, never the key or JSON', () => {
    expect(readableLabel(['activity', 'mystery'])).toBe('其他设置');
    expect(text(['mystery'], { deep: 1_767_196_800_000 })).toBe('其他设置：2026-01-01 00:00');
  });
});

describe('an audit record', () => {
  it('a draft save: the diff labels, yuan, and no keys', () => {
    const rows = readableRecord(
      'campaign.save',
      { rev: 3, 'activity.prizes.0.valueCents': 500 },
      {
        rev: 4,
        'activity.prizes.0.valueCents': 1250,
        labels: { 'activity.prizes.0.valueCents': '活动 · 奖品 · 「一等奖」 · 价值（元）' },
      },
    );
    expect(rows.map((r) => [r.label, r.before && readableText(r.before), readableText(r.after)])).toEqual([
      ['草稿版本', '3', '4'],
      ['活动 · 奖品 · 「一等奖」 · 价值（元）', '¥5.00', '¥12.50'],
    ]);
  });

  it('an older save without labels reads its path segment by segment', () => {
    const [row] = readableRecord(
      'campaign.save',
      { 'activity.prizes.1.kind': 'coupon' },
      { 'activity.prizes.1.kind': 'thanks' },
    );
    expect(row?.label).toBe('活动 · 奖品 · 第 2 项 · 奖品类型');
    expect(row && readableText(row.after)).toBe('谢谢参与');
  });

  it('other actions: states, roles, a sign-in, an export', () => {
    const read = (action: string, before: unknown, after: unknown) =>
      readableRecord(action, before, after).map(
        (r) => `${r.label}=${r.before ? readableText(r.before) : ''}→${readableText(r.after)}`,
      );
    expect(read('campaign.pause', { state: 'live' }, { state: 'paused' })).toEqual(['状态=进行中→已暂停']);
    // A key only the after records is set, not changed from （无）; one the action kept is no change.
    expect(
      read('campaign.publish', { state: 'scheduled', version: 1 }, { state: 'scheduled', version: 2, changes: 3 }),
    ).toEqual(['发布版本=1→2', '变更项数=→3']);
    expect(read('console.sign-in', null, { method: 'password', roles: ['auditor'] })).toEqual([
      '登录方式=→密码与动态码',
      '岗位=→审计',
    ]);
    expect(read('export.start', null, { kind: 'winners', unmasked: false })).toEqual([
      '报表类型=→中奖名单',
      '明文导出=→否',
    ]);
    expect(read('campaign.create', null, { kind: 'wheel', title: '双十二' })).toEqual([
      '活动类型=→大转盘',
      '活动名称=→双十二',
    ]);
  });
});
