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
  it('reports an undefined corp of a user', () => {
    expect(() => parseDefinition('users:\n  - corp: ghost\n    nuid: u1\n', 'u.yaml')).toThrow(
      /u\.yaml:2: users\.0\.corp: corp "ghost"/,
    );
  });
});
