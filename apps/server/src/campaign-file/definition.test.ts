import { describe, expect, it } from 'vitest';
import { activityYaml } from '../testing/campaign';
import { parseDefinition } from './definition';

describe('campaign definition errors name the field and the line', () => {
  it('reports a bad weight with its line', () => {
    const yaml = activityYaml('x', {
      prizes: [
        '      - { id: a, name: A, kind: coupon, image: /a.svg, weight: -1 }',
        '      - { id: t, name: T, kind: thanks, image: /t.svg, weight: 1, consolation: true }',
      ].join('\n'),
    });
    expect(() => parseDefinition(yaml, 'x.yaml')).toThrow(/x\.yaml:13: activities\.0\.prizes\.0\.weight/);
  });
  it('refuses bands that would award more of a prize than its stock', () => {
    const season = (to: number) =>
      `${activityYaml('s1', {
        prizes: [
          '      - { id: gift, name: G, kind: physical, image: /g.svg, weight: 0, stock: 3, valueCents: 100 }',
          '      - { id: t, name: T, kind: thanks, image: /t.svg, weight: 1, consolation: true }',
        ].join('\n'),
      }).replace('type: wheel', 'type: ranking')}
seasons:
  - act: s1
    corp: demo
    tasks:
      - { id: signin, kind: signin, title: 签到, points: 10, period: daily }
    bands:
      - { from: 1, to: 1, prize: gift }
      - { from: 2, to: ${to}, prize: gift }
`;
    expect(() => parseDefinition(season(3), 's.yaml')).not.toThrow();
    expect(() => parseDefinition(season(4), 's.yaml')).toThrow(
      /seasons\.0\.bands\.1\.to: the bands award 4 × "gift" but its stock is 3/,
    );
  });
  it('reports an undefined corp of a user', () => {
    expect(() => parseDefinition('users:\n  - corp: ghost\n    nuid: u1\n', 'u.yaml')).toThrow(
      /u\.yaml:2: users\.0\.corp: corp "ghost"/,
    );
  });
});
