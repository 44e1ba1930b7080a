import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { campaignDraftShapeSchema } from './campaign-draft-schema';
import { issueMessage } from './zod-messages';

const HAN = /\p{Script=Han}/u;

/** Every message of a failed parse, as a zh-CN reader gets it. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected the value to be refused');
  return r.error.issues.map((i) => issueMessage(i, 'zh-CN'));
}

describe('zod messages in Chinese', () => {
  it('a draft full of wrong values: every message is Chinese, none English only', () => {
    const bad = {
      kind: 'lottery',
      activity: {
        title: 'x'.repeat(41),
        chances: { perDay: -1, perActivity: 1.5 },
        eligibility: { whiteListOnly: 'yes', cgroupIds: 'vip' },
        prizes: [{ id: 7, weight: -3, valueCents: 2e9, consolation: 'no' }],
        page: { ribbon: 5 },
      },
      season: { tasks: [{ kind: 9, points: -1 }], bands: [{ from: -1 }] },
      staffList: [{ roles: 'admin' }],
      whiteList: { ref: 1, rows: -2 },
      extra: true,
    };
    const all = messages(campaignDraftShapeSchema, bad);
    expect(all.length).toBeGreaterThan(10);
    const english = all.filter((m) => !HAN.test(m));
    expect(english).toEqual([]);
  });

  it('names the field by its label and says why, in words a staff member reads', () => {
    const schema = z.object({
      perDay: z.number().int().min(0),
      id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or - (1-32)'),
      kind: z.enum(['signin', 'draw', 'visit']),
      title: z.string().min(1),
      valueCents: z.number().max(5_000_000),
      points: z.number(),
    });
    const [perDay, id, kind, title, value, points] = messages(schema, {
      perDay: -1,
      id: 'a b',
      kind: 'other',
      title: '',
      valueCents: 6_000_000,
    });
    expect(perDay).toBe('每日次数不能小于 0');
    expect(id).toBe('编号只能由字母、数字、_ 或 - 组成（1–32 位）');
    expect(kind).toBe('活动类型须为以下之一：签到、抽奖、浏览');
    expect(title).toBe('请填写活动名称');
    expect(value).toBe('价值（元）不能大于 50,000 元');
    expect(points).toBe('请填写积分');
  });

  it('a field in a list is named as the list’s', () => {
    const tasks = z.object({ tasks: z.array(z.object({ kind: z.enum(['signin', 'draw']) })) });
    expect(messages(tasks, { tasks: [{ kind: 'x' }] })).toEqual(['任务类型须为以下之一：签到、抽奖']);
  });

  it('a schema’s own English refinement becomes Chinese; en-US keeps zod’s English', () => {
    const schema = z
      .object({ from: z.number(), to: z.number() })
      .refine((b) => b.to >= b.from, { message: 'to must be at least from', path: ['to'] });
    expect(messages(schema, { from: 3, to: 1 })).toEqual(['结束名次不能小于起始名次']);
    const odd = z.string().refine(() => false, 'something nobody translated');
    expect(messages(odd, 'x')).toEqual(['内容填写有误']);
    const r = z.object({ n: z.number().min(0) }).safeParse({ n: -1 });
    expect(r.success || issueMessage(r.error.issues[0] as never, 'en-US')).toMatch(/Too small/);
  });
});
