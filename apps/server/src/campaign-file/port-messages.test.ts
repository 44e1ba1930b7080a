import { describe, expect, it } from 'vitest';
import { campaignFilePort } from './port';

const HAN = /\p{Script=Han}/u;

// The campaign file's schemas as the console's checks read them (issue 34 §1): a bad task, band or staff row
// says why in Chinese, naming the field by its label, never the schema's own English.
describe('the campaign file’s problems in zh-CN', () => {
  const port = campaignFilePort({ publish: async () => ({}) as never, publishGroup: async () => ({}) as never });
  const file = {
    activities: [
      {
        id: 'act-1',
        corp: 'demo',
        type: 'ranking',
        title: '排位赛',
        startsAt: 1,
        endsAt: 0,
        rules: '规则',
        chances: { perDay: null, perActivity: null },
        prizes: [{ id: 'p 1', name: '奖', kind: 'gift', image: 'x', weight: -1 }],
      },
    ],
    seasons: [
      {
        act: 'act-1',
        corp: 'demo',
        tasks: [{ id: 'sign in!', kind: 'sing', title: '', points: -5, period: 'daily' }],
        bands: [{ from: 5, to: 1, prize: 'p 1' }],
      },
    ],
    staff: [{ id: 'c 1', corp: 'demo', name: '李', roles: ['clerk'], stores: [] }],
  };

  it('every message is Chinese', () => {
    const problems = port.problems(file, 'zh-CN');
    expect(problems.length).toBeGreaterThan(5);
    expect(problems.filter((p) => !HAN.test(p.message))).toEqual([]);
    const at = (path: string) => problems.find((p) => p.path.join('.') === path)?.message;
    expect(at('seasons.0.tasks.0.id')).toBe('任务编号只能由字母、数字、_ 或 - 组成（1–32 位）');
    expect(at('seasons.0.tasks.0.kind')).toBe('任务类型须为以下之一：签到、抽奖、浏览、邀请');
    expect(at('seasons.0.tasks.0.points')).toBe('积分不能小于 1');
    expect(at('activities.0.prizes.0.weight')).toBe('权重不能小于 0');
  });
});
