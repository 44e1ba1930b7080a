import { DEFAULT_RISK_RULES } from '../modules/risk/default-ruleset';
import { CLI_ACTOR } from '../platform/audit-port';
import type { Services } from '../services';

/**
 * The demo's 风控 (issue 35): the shipped default ruleset as version 1 of corp demo, running in shadow (logged,
 * never acting), so the console's 风控 screens and 影子报告 have something to show. Only once.
 */
export async function seedDemoRisk(services: Services): Promise<boolean> {
  const { console: risk } = services.risk;
  if ((await risk.rulesets('demo')).items.length > 0) return false;
  const acting = { actor: CLI_ACTOR, ip: '127.0.0.1' };
  const saved = await risk.save(acting, 'demo', {
    name: '默认风控规则',
    note: '随产品提供的防羊毛规则，影子运行中：只记录，不处理任何客户。',
    rules: DEFAULT_RISK_RULES,
  });
  await risk.setMode(acting, 'demo', saved.id, 'shadow');
  return true;
}
