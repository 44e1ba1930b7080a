import { CAMPAIGN_KINDS, type CampaignDraft } from '@campaign/contract';
import { describe, expect, it } from 'vitest';
import { campaignFilePort } from '../../campaign-file/port';
import { draftProblems, isChinese } from './checks';
import { diffDrafts } from './diff';
import { draftPath } from './file';
import { changeRecord } from './save-draft';
import { template } from './templates';

const file = campaignFilePort({
  publish: async () => ({ actId: '', version: 0, created: false }),
  publishGroup: async () => {},
});
const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);
const check = (draft: CampaignDraft) =>
  draftProblems({ corpId: 'demo', id: 'c1', draft, now: NOW, locale: 'zh-CN' }, file);

describe('campaign checks', () => {
  it.each(CAMPAIGN_KINDS)('the %s template passes the campaign file schemas and every check', (kind) => {
    expect(check(template(kind, '新活动', NOW))).toEqual({});
  });

  it('names each problem by its draft path, in Chinese', () => {
    const d = template('wheel', '转盘', NOW);
    const act = d.activity as NonNullable<CampaignDraft['activity']>;
    (act.prizes[0] as { valueCents: number }).valueCents = 5_000_001;
    (act.prizes[2] as { stock: null }).stock = null;
    act.rules = 'English only rules text';
    act.startsAt = NOW + 10;
    act.endsAt = NOW + 5;
    act.chances = { perDay: 10, perActivity: 5 };
    expect(check(d)).toMatchObject({
      'activity.prizes.0.valueCents': '单个奖品价值不得超过 50,000 元',
      'activity.prizes.2.stock': '有价值的奖品须设置库存',
      'activity.rules': '活动规则须使用中文撰写',
      'activity.endsAt': '结束时间须晚于开始时间',
      'activity.chances.perDay': '每日次数不能超过活动总次数',
    });
  });

  it('odds must add up: one consolation prize and a positive total', () => {
    const d = template('grid', '九宫格', NOW);
    for (const p of d.activity?.prizes ?? []) p.weight = 0;
    expect(check(d)['activity.prizes']).toBe('中奖概率合计须为 100%：权重之和须大于 0');
    const two = template('grid', '九宫格', NOW);
    for (const p of two.activity?.prizes ?? []) p.consolation = true;
    expect(check(two)['activity.prizes']).toBe('须有且仅有一个兜底奖品（谢谢参与）');
  });

  it('refuses sections a kind does not have and needs those it has', () => {
    expect(check({ kind: 'discount' })).toEqual({ discount: '请填写此部分' });
    const d = template('wheel', '转盘', NOW);
    expect(check({ ...d, staffList: [] })).toEqual({ staffList: '此类活动不含这一部分' });
    expect(check({ ...template('ranking', '排位', NOW), kind: 'wheel' })).toMatchObject({
      season: '此类活动不含这一部分',
    });
  });

  it('maps file paths to draft paths', () => {
    expect(draftPath({ path: ['activities', 0, 'prizes', 2, 'valueCents'], message: '' })).toBe(
      'activity.prizes.2.valueCents',
    );
    expect(draftPath({ path: ['storeLists', 0, 'stores', 1], message: '' })).toBe('stores.list.stores.1');
    expect(draftPath({ path: ['staff', 3, 'roles'], message: '' })).toBe('staffList.3.roles');
  });

  it('Chinese rules: Han characters, more of them than Latin letters', () => {
    expect(isChinese('活动规则：每日可抽三次')).toBe(true);
    expect(isChinese('<p>规则</p>')).toBe(false);
    expect(isChinese('Rules 规则说明 apply to all customers')).toBe(false);
  });

  it('diffs by prize id, with Chinese labels', () => {
    const before = template('wheel', '转盘', NOW);
    const after = structuredClone(before);
    const prizes = after.activity?.prizes ?? [];
    prizes.reverse();
    (prizes[0] as { name: string }).name = '谢谢惠顾';
    // Written stock first, as a hand-edited file might: the approver reads who it is first.
    prizes.push({ stock: 1, valueCents: 1, weight: 1, image: '/x.svg', kind: 'coupon', name: '加码', id: 'extra' });
    const changes = diffDrafts(before, after);
    expect(Object.keys(changes[1]?.after as object)).toEqual([
      'id',
      'name',
      'kind',
      'image',
      'weight',
      'stock',
      'valueCents',
    ]);
    expect(changes).toEqual([
      {
        path: 'activity.prizes.0.name',
        label: '活动 · 奖品 · 「谢谢惠顾」 · 奖品名称',
        before: '谢谢参与',
        after: '谢谢惠顾',
      },
      { path: 'activity.prizes.4', label: '活动 · 奖品 · 新增「加码」', before: null, after: prizes[4] },
    ]);
    expect(diffDrafts(before, before)).toEqual([]);
  });

  it("labels by where a key is: a prize's kind is 奖品类型, the campaign's 活动类型 (issue 34 §2)", () => {
    const before = template('wheel', '转盘', NOW);
    const after = structuredClone(before);
    const prize = after.activity?.prizes[0] as { kind: string; name: string };
    const next = prize.kind === 'points' ? 'coupon' : 'points';
    prize.kind = next;
    const [change] = diffDrafts(before, after);
    expect(change).toEqual({
      path: 'activity.prizes.0.kind',
      label: `活动 · 奖品 · 「${prize.name}」 · 奖品类型`,
      before: before.activity?.prizes[0]?.kind,
      after: next,
    });
    expect(diffDrafts(null, { kind: 'wheel' })).toEqual([
      { path: 'kind', label: '活动类型', before: null, after: 'wheel' },
    ]);
  });

  it("a save's audit record carries the diff's labels, so the trail names the prize", () => {
    const before = template('wheel', '转盘', NOW);
    const after = structuredClone(before);
    const prize = after.activity?.prizes[1] as { valueCents: number; name: string };
    prize.valueCents = 1250;
    expect(changeRecord(before, after)).toEqual({
      before: { 'activity.prizes.1.valueCents': before.activity?.prizes[1]?.valueCents },
      after: {
        'activity.prizes.1.valueCents': 1250,
        labels: { 'activity.prizes.1.valueCents': `活动 · 奖品 · 「${prize.name}」 · 价值（元）` },
      },
    });
  });
});

describe('a draft that cannot be stored', () => {
  it('is refused field by field, never a 500', async () => {
    const { shapeProblems } = await import('./shape');
    expect(
      shapeProblems({ kind: 'wheel', activity: { title: { x: 1 }, prizes: [{ weight: -1 }] } }, 'zh-CN'),
    ).toMatchObject({
      'activity.title': expect.any(String),
    });
    expect(shapeProblems({ kind: 'wheel', activity: { prizes: [{ weight: 'a' }] } }, 'zh-CN')).toHaveProperty(
      'activity.prizes.0.weight',
    );
    expect(shapeProblems({ kind: 'wheel', surprise: 1 }, 'zh-CN')).toHaveProperty('draft');
    expect(shapeProblems(template('wheel', '转盘', NOW), 'zh-CN')).toEqual({});
  });
});
