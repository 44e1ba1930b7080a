import type { CampaignDraft } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { detailOf } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, countRows, dialects, startTestApp, type TestApp } from '../../testing/harness';

// Issue 32: a draft of the wrong shape is a field error at every console endpoint that takes one, never a 500,
// and never stores anything.

const kinds = await dialects();

/** `depth` arrays inside each other. */
const deep = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const WRONG: readonly unknown[] = [null, 'x', 1e300, -1, true, [], {}, deep(500)];

/** Malformed drafts: a wrong type in every top-level field and in the fields the rules and figures read. */
function malformed(wheel: CampaignDraft, discount: CampaignDraft): unknown[] {
  const set = (d: CampaignDraft, path: string[], v: unknown) => {
    const copy = structuredClone(d) as unknown as Record<string, unknown>;
    let at = copy;
    for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[path.at(-1) as string] = v;
    return copy;
  };
  const out: unknown[] = [];
  for (const f of ['activity', 'discount', 'season', 'staffList', 'stores'])
    for (const v of [null, 'x', 7, deep(200)]) out.push(set(wheel, [f], v));
  for (const f of ['whiteList', 'slot', 'banner']) for (const v of [7, ['x'], deep(200)]) out.push(set(wheel, [f], v));
  for (const v of WRONG) out.push(set(wheel, ['kind'], v));
  for (const f of ['prizes', 'startsAt', 'rules', 'chances', 'title', 'eligibility'])
    for (const v of [null, 1e21, ['x']]) out.push(set(wheel, ['activity', f], v));
  for (const f of ['weight', 'stock', 'valueCents', 'tiers']) out.push(set(wheel, ['activity', 'prizes', '0', f], 'x'));
  out.push(set(wheel, ['activity', 'prizes', '0', 'stock'], 1e18));
  out.push(set(wheel, ['activity', 'prizes', '0', 'tiers'], 5));
  for (const f of ['amountCents', 'totalLimit', 'startsAt', 'rules'])
    for (const v of [null, true, -1, 1e300]) out.push(set(discount, ['discount', f], v));
  out.push({ kind: 'discount', discount: { amountCents: -1, startsAt: null } });
  out.push({ kind: 'wheel', activity: { prizes: 'x' } });
  out.push('x', 5, null, [], deep(1000));
  return out;
}

describe.each(kinds)('console drafts of the wrong shape on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let wheel: CampaignDraft;
  let discount: CampaignDraft;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    for (const [id, k] of [
      ['fuzz-wheel', 'wheel'],
      ['fuzz-discount', 'discount'],
    ] as const) {
      expect(body(await op.post('/console/campaigns/create', { kind: k, title: '校验活动', id })).code).toBe(0);
    }
    wheel = (await detailOf(op, 'fuzz-wheel')).draft;
    discount = (await detailOf(op, 'fuzz-discount')).draft;
  }, 120_000);
  afterAll(async () => t?.close());

  const stored = async () => ({
    campaigns: await t.database.db.selectFrom('campaign').selectAll().orderBy('id').execute(),
    audit: await countRows(t.database, 'audit_log'),
  });

  it("the issue's three: a field error in Chinese naming the field, never a 500", async () => {
    const prizes = await op.post('/console/campaigns/check', {
      id: 'fuzz-wheel',
      draft: { kind: 'wheel', activity: { prizes: 'x' } },
    });
    expect(prizes.statusCode).toBe(200);
    const p = body<{ ok: boolean; fields: Record<string, string>; summary: { budgetCents: number } }>(prizes);
    expect(p.data.ok).toBe(false);
    expect(p.data.fields['activity.prizes']).toMatch(/[\u4e00-\u9fff]/);
    expect(p.data.summary.budgetCents).toBe(0);

    const amount = await op.post('/console/campaigns/check', {
      id: 'fuzz-discount',
      draft: { kind: 'discount', discount: { amountCents: -1, startsAt: null } },
    });
    expect(amount.statusCode).toBe(200);
    const a = body<{ ok: boolean; fields: Record<string, string> }>(amount);
    expect(a.data.ok).toBe(false);
    expect(Object.keys(a.data.fields).sort()).toEqual(['discount.amountCents', 'discount.startsAt']);
    expect(a.data.fields['discount.amountCents']).toMatch(/[\u4e00-\u9fff]/);

    for (const yaml of [
      'a: &a [*a]',
      'activities: &x\n  - *x',
      `a: &a [x, x]\nb: &b [${'*a,'.repeat(60)}]\nc: [${'*b,'.repeat(60)}]`,
    ]) {
      const res = await op.post('/console/campaigns/import-yaml', { yaml });
      // YAML_INVALID (its line and why), as every refused file.
      expect(res.json(), yaml).toMatchObject({ code: 6409, data: expect.stringMatching(/别名/) });
    }
  });

  it('a valid campaign file whose draft breaks the draft schema makes no campaign', async () => {
    const yaml = stringify({
      discounts: [
        {
          id: 'huge-discount',
          corp: 'demo',
          title: '超大立减',
          amountCents: 2e9,
          startsAt: 'now+1d',
          endsAt: 'now+10d',
          totalLimit: 1,
        },
      ],
    });
    const res = await op.post('/console/campaigns/import-yaml', { yaml });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 6309, fields: { 'discount.amountCents': expect.any(String) } });
    expect((await op.get('/console/campaigns/detail?id=huge-discount')).json()).toMatchObject({ code: 6301 });
  });

  it('about 50 malformed drafts to check, save, simulate, preview and import-yaml: no 500, nothing stored', async () => {
    const before = await stored();
    const drafts = malformed(wheel, discount);
    expect(drafts.length).toBeGreaterThanOrEqual(50);
    for (const draft of drafts) {
      const isDiscount = (draft as { kind?: unknown } | null)?.kind === 'discount';
      const id = isDiscount ? 'fuzz-discount' : 'fuzz-wheel';
      const calls = [
        op.post('/console/campaigns/check', { id, draft }),
        op.post('/console/campaigns/save', { id, draft, baseRev: 1 }),
        // (A null draft is no draft there: the stored one is simulated.)
        op.post('/console/campaigns/simulate', { id, draws: 1000, days: 2, draft: draft ?? 'x' }),
        op.post('/console/campaigns/preview', { id, draft }),
        op.post('/console/campaigns/import-yaml', {
          yaml: stringify({ activities: [{ ...((draft as CampaignDraft | null)?.activity ?? {}), corp: 'demo' }] }),
        }),
        op.post('/console/campaigns/import-yaml', { yaml: stringify(draft), id }),
      ];
      for (const res of await Promise.all(calls)) {
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${JSON.stringify(draft).slice(0, 200)}`);
        const env = res.json() as { code: number; data: unknown };
        expect(typeof env.code).toBe('number');
      }
      // A check of a wrong shape is not ok; a save of one is refused.
      const check = body<{ ok: boolean }>(await op.post('/console/campaigns/check', { id, draft }));
      if (check.code === 0) expect(check.data.ok).toBe(false);
    }
    const after = await stored();
    expect(after.campaigns).toEqual(before.campaigns);
    // Only the previews of the (unchanged) stored drafts wrote to the audit log.
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '!=', 'campaign.preview-link')
      .execute();
    expect(entries.length, JSON.stringify(entries)).toBe(before.audit);
  }, 120_000);

  it('work in progress still saves: a number the editor cleared is null, and the check names it', async () => {
    const d = await detailOf(op, 'fuzz-discount');
    const draft = structuredClone(d.draft) as unknown as { discount: Record<string, unknown> };
    draft.discount.thresholdCents = null;
    const saved = await op.post('/console/campaigns/save', { id: 'fuzz-discount', draft, baseRev: d.rev });
    expect(body(saved).code).toBe(0);
    const check = body<{ ok: boolean; fields: Record<string, string> }>(
      await op.post('/console/campaigns/check', { id: 'fuzz-discount', draft }),
    );
    expect(check.data.ok).toBe(false);
    expect(Object.keys(check.data.fields)).toContain('discount.thresholdCents');
  });
});
