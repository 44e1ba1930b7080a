import { RISK_RULES_MAX, riskRuleSchema } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createServices, type Services } from '../../services';
import { freshDatabase, T0, type TestDb } from '../../testing/harness';
import { enforceRules } from '../../testing/risk';
import { problemOf } from './cel';
import type { RiskInput } from './compute-features';
import { DEFAULT_RISK_RULES } from './default-ruleset';

describe('the shipped default ruleset', () => {
  it('every rule is valid, compiles to a boolean, and has its own id', () => {
    for (const rule of DEFAULT_RISK_RULES) {
      expect(riskRuleSchema.safeParse(rule).success, rule.id).toBe(true);
      expect(problemOf(rule.expr), rule.id).toBeNull();
    }
    expect(new Set(DEFAULT_RISK_RULES.map((r) => r.id)).size).toBe(DEFAULT_RISK_RULES.length);
    expect(DEFAULT_RISK_RULES.length).toBeLessThanOrEqual(RISK_RULES_MAX);
  });

  describe('decide() with it enforced (SQLite, real counters)', () => {
    let db: TestDb;
    let services: Services;
    const now = T0;
    beforeAll(async () => {
      db = await freshDatabase('sqlite');
      services = createServices({ database: db.database, config: testConfig(), clock: () => now });
      await enforceRules(db.database, 'demo', DEFAULT_RISK_RULES, now);
    });
    afterAll(async () => {
      await services.risk.close();
      await db?.drop();
    });
    const input = (over: Partial<RiskInput>): RiskInput => ({
      corpId: 'demo',
      actId: 'wheel',
      userId: 'u',
      ip: '10.1.2.3',
      deviceId: null,
      mobile: '13812345678',
      signedUpAt: now - 400 * 86_400_000,
      sessionStartedAt: now - 3_600_000,
      loginMethod: 'otp',
      grayFlag: null,
      now,
      ...over,
    });

    it('allows an old customer on their own phone, and a new one on a virtual number alone', async () => {
      const a = await services.risk.engine.decide(input({ userId: 'old', deviceId: 'dev-old' }));
      expect(a).toMatchObject({ action: 'allow', matched: [] });
      const b = await services.risk.engine.decide(
        input({ userId: 'new-virtual', deviceId: 'dev-v', mobile: '17012345678', signedUpAt: now - 60_000 }),
      );
      expect(b).toMatchObject({ action: 'allow', matched: [] });
    });

    it('holds the second new virtual-number account on a device, blocks the fifth account', async () => {
      const farm = (i: number) =>
        services.risk.engine.decide(
          input({
            userId: `farm-${i}`,
            deviceId: 'dev-farm',
            ip: '10.9.9.9',
            mobile: `1709${String(i).padStart(7, '0')}`,
            signedUpAt: now - 5 * 60_000,
          }),
        );
      expect((await farm(1)).action).toBe('allow');
      const second = await farm(2);
      expect(second).toMatchObject({ action: 'hold', matched: ['virtual_shared'] });
      await farm(3);
      await farm(4);
      const fifth = await farm(5);
      expect(fifth.action).toBe('block');
      expect(fifth.matched).toEqual(expect.arrayContaining(['device_farm', 'device_shared_new', 'virtual_block']));
    });
  });
});
