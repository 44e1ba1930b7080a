import { readFileSync } from 'node:fs';
import { type ConsoleRole, type EndpointName, endpoints } from '@campaign/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const ALL: readonly ConsoleRole[] = ['operator', 'approver', 'auditor', 'admin'];
const ROLE_REQUIRED = 5002;

type Call = (c: ConsoleClient, id: string) => Promise<LightMyRequestResponse>;
/**
 * Who may do what with a campaign (docs/console.md, 活动管理): everyone reads it — list, detail, diff, YAML —
 * and the admin (who may stop every campaign of the corp) with them; makers, checkers and the admin simulate
 * and preview it; only an operator changes it, only an approver decides it.
 */
const MATRIX: [EndpointName, readonly ConsoleRole[], Call][] = [
  ['consoleCampaignList', ALL, (c) => c.get('/console/campaigns')],
  ['consoleCampaignDetail', ALL, (c, id) => c.get(`/console/campaigns/detail?id=${id}`)],
  ['consoleCampaignDiff', ALL, (c, id) => c.get(`/console/campaigns/diff?id=${id}`)],
  ['consoleCampaignYaml', ALL, (c, id) => c.get(`/console/campaigns/yaml?id=${id}`)],
  [
    'consoleCampaignSimulate',
    ['operator', 'approver', 'admin'],
    (c, id) => c.post('/console/campaigns/simulate', { id, draws: 10, days: 1 }),
  ],
  [
    'consoleCampaignPreview',
    ['operator', 'approver', 'admin'],
    (c, id) => c.post('/console/campaigns/preview', { id }),
  ],
  [
    'consoleCampaignCheck',
    ['operator'],
    (c, id) => c.post('/console/campaigns/check', { id, draft: { kind: 'wheel' } }),
  ],
  ['consoleCampaignSubmit', ['operator'], (c, id) => c.post('/console/campaigns/submit', { id, rev: 0 })],
  [
    'consoleCampaignReview',
    ['approver'],
    (c, id) => c.post('/console/campaigns/review', { id, rev: 0, decision: 'approve' }),
  ],
  ['consoleApprovals', ['approver'], (c) => c.get('/console/approvals')],
];

describe('the campaign role matrix: contract and docs', () => {
  it('the contract declares exactly the matrix', () => {
    for (const [name, roles] of MATRIX) {
      expect([...(endpoints[name].roles ?? [])].sort(), name).toEqual([...roles].sort());
    }
  });

  it('docs/console.md says the same: 活动管理 for every console role, the admin included', () => {
    const doc = readFileSync(new URL('../../../../../docs/console.md', import.meta.url), 'utf8');
    const row = doc.split('\n').find((l) => l.startsWith('| 活动管理 |')) ?? '';
    // "operator, approver, auditor, admin (reads)": the roles before any remark in brackets.
    const roles = (row.split('|')[3] ?? '').replace(/\(.*\)/, '').split(',');
    expect(roles.map((r) => r.trim()).sort()).toEqual([...(endpoints.consoleCampaignList.roles ?? [])].sort());
    const admin = doc.split('\n').find((l) => l.startsWith('| `admin` |')) ?? '';
    expect(admin).toContain('活动管理');
  });
});

describe.each(kinds)('the campaign role matrix over HTTP on %s', (kind) => {
  let t: TestApp;
  const as: Partial<Record<ConsoleRole, ConsoleClient>> = {};
  let id = '';
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    as.operator = await consoleSignIn(t, DEMO_CONSOLE.operator);
    as.approver = await consoleSignIn(t, DEMO_CONSOLE.approver);
    as.auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    as.admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    id = 'roles-wheel';
    await readyWheel(as.operator, id, t.clock.now);
  }, 120_000);
  afterAll(async () => t?.close());

  it('each role is let through exactly where the matrix says, refused with 5002 elsewhere', async () => {
    const seen: string[] = [];
    for (const [name, roles, call] of MATRIX) {
      for (const role of ALL) {
        const res = await call(as[role] as ConsoleClient, id);
        const refused = res.statusCode === 403 && body(res).code === ROLE_REQUIRED;
        expect(res.statusCode, `${name} as ${role}`).not.toBe(401);
        if (refused !== !roles.includes(role)) seen.push(`${name} as ${role}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(seen).toEqual([]);
  });
});
