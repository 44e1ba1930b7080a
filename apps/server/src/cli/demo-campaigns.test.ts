import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../testing/harness';
import { DEMO_CAMPAIGNS, seedDemoCampaigns } from './demo-campaigns';

const kinds = await dialects();

describe.each(kinds)('demo console campaigns on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());

  it('seed campaigns in different states once', async () => {
    expect(await seedDemoCampaigns(t.services, t.clock.now)).toBe(DEMO_CAMPAIGNS.length);
    expect(await seedDemoCampaigns(t.services, t.clock.now)).toBe(0);
    const { items, total } = await t.services.campaigns.reads.list({ id: 'demo' } as never, { page: 1, pageSize: 20 });
    expect(total).toBe(DEMO_CAMPAIGNS.length);
    expect(Object.fromEntries(items.map((r) => [r.id, r.state]))).toEqual({
      'console-summer-wheel': 'live',
      'console-autumn-grid': 'scheduled',
      'console-card-scratch': 'submitted',
      'console-new-customer': 'changes_requested',
      'console-pay-discount': 'draft',
    });
    const approvals = await t.services.campaigns.reads.approvals({ id: 'demo' } as never, 'approver-zhao');
    expect(approvals.items.map((i) => i.id)).toEqual(['console-card-scratch']);
  });
});
