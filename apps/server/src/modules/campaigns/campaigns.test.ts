import type { CampaignDraft } from '@campaign/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { DAY, detailOf, HOUR, readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('console campaigns: making and approving on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let ap: ConsoleClient;
  let ap2: ConsoleClient;
  let admin: ConsoleClient;
  /** Fresh sessions (the clock moves past the console's idle timeout between steps). */
  async function signIn() {
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
    ap2 = await consoleSignIn(t, DEMO_CONSOLE.approver2);
    admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
  }
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  }, 120_000);
  beforeEach(signIn);
  afterAll(async () => t?.close());
  const { login, draw } = campaignActions(() => t);
  const h5Detail = async (actId: string) =>
    (
      body<{ data: { status: string; version: number; prizes: { id: string; totalStock: number | null }[] } }>(
        await t.app.inject({ url: `/bmcs/api/v2/activity/detail?corpId=demo&actId=${actId}`, headers: H5 }),
      ).data as unknown as {
        data: { status: string; version: number; prizes: { id: string; totalStock: number | null }[] };
      }
    ).data;

  it('draft → 409 for the second saver → checks → changes requested → fixed → approved → scheduled → live → drawn', async () => {
    const { rev, draft } = await readyWheel(op, 'spring-wheel', t.clock.now);
    expect(rev).toBe(2);

    // A second operator saved the draft opened at rev 1: 409 with both versions, nothing overwritten.
    const mine: CampaignDraft = {
      ...draft,
      activity: { ...(draft.activity as NonNullable<CampaignDraft['activity']>), title: '我的标题' },
    };
    const stale = await op.post('/console/campaigns/save', { id: 'spring-wheel', draft: mine, baseRev: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 6303,
      data: expect.stringContaining('已被他人修改'),
      conflict: {
        mine: { activity: { title: '我的标题' } },
        theirs: { activity: { title: '春季大转盘' } },
        theirsRev: 2,
        theirsBy: { id: 'operator-chen' },
      },
    });
    expect((await detailOf(op, 'spring-wheel')).draft.activity?.title).toBe('春季大转盘');

    // The server's checks, field by field, with nothing stored.
    const bad = structuredClone(draft);
    const act = bad.activity as NonNullable<CampaignDraft['activity']>;
    (act.prizes[0] as { valueCents: number }).valueCents = 5_000_001;
    (act.prizes[1] as { perUserCap: number }).perUserCap = 100_000;
    act.rules = 'Rules: see the bank website for details.';
    act.endsAt = t.clock.now - 1;
    const checked = body<{ ok: boolean; fields: Record<string, string> }>(
      await op.post('/console/campaigns/check', { id: 'spring-wheel', draft: bad }),
    ).data;
    expect(checked.ok).toBe(false);
    expect(checked.fields).toMatchObject({
      'activity.prizes.0.valueCents': '单个奖品价值不得超过 50,000 元',
      'activity.prizes.1.perUserCap': '每人上限不能超过库存',
      'activity.rules': '活动规则须使用中文撰写',
      'activity.endsAt': '结束时间须晚于开始时间',
    });
    const good = body<{ ok: boolean; summary: { odds: { percentText: string }[]; exposureCents: number } }>(
      await op.post('/console/campaigns/check', { id: 'spring-wheel', draft }),
    ).data;
    expect(good).toMatchObject({ ok: true, summary: { exposureCents: 10 * 29_900 + 500 * 1000 + 5000 * 50 } });
    expect(good.summary.odds.map((o) => o.percentText)).toEqual(['0.10%', '4.90%', '15.00%', '80.00%']);
    // Saving a bad draft is allowed (work in progress); submitting it is not.
    const savedBad = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'spring-wheel', draft: bad, baseRev: 2 }),
    );
    const refused = await op.post('/console/campaigns/submit', { id: 'spring-wheel', rev: savedBad.data.rev });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 6309, fields: { 'activity.rules': '活动规则须使用中文撰写' } });
    const rev4 = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'spring-wheel', draft, baseRev: 3 }),
    ).data.rev;

    expect(body(await op.post('/console/campaigns/submit', { id: 'spring-wheel', rev: rev4 }))).toMatchObject({
      code: 0,
      data: { state: 'submitted', revisionState: null },
    });
    // Operators do not review; approvers see it waiting.
    expect(
      (await op.post('/console/campaigns/review', { id: 'spring-wheel', rev: rev4, decision: 'approve' })).statusCode,
    ).toBe(403);
    const waiting = body<{ items: { id: string; approvalsNeeded: number }[] }>(await ap.get('/console/approvals')).data
      .items;
    expect(waiting).toEqual([expect.objectContaining({ id: 'spring-wheel', approvalsNeeded: 1 })]);

    // The diff against nothing live: every field, labelled in Chinese.
    const diff = body<{ rev: number; changes: { path: string; label: string }[] }>(
      await ap.get('/console/campaigns/diff?id=spring-wheel'),
    ).data;
    expect(diff.rev).toBe(rev4);
    expect(diff.changes).toContainEqual(expect.objectContaining({ path: 'activity.title', label: '活动 · 活动名称' }));
    expect(diff.changes).toContainEqual(
      expect.objectContaining({ path: 'activity.prizes.0', label: '活动 · 奖品 · 新增「一等奖 蓝牙耳机」' }),
    );

    const noReason = await ap.post('/console/campaigns/review', {
      id: 'spring-wheel',
      rev: rev4,
      decision: 'request_changes',
    });
    expect(noReason.json()).toMatchObject({ code: 6308 });
    expect(
      body(
        await ap.post('/console/campaigns/review', {
          id: 'spring-wheel',
          rev: rev4,
          decision: 'request_changes',
          comment: '一等奖库存改为 5 份',
        }),
      ),
    ).toMatchObject({ code: 0, data: { state: 'changes_requested' } });

    const fixed = structuredClone(draft);
    (fixed.activity?.prizes[0] as { stock: number }).stock = 5;
    const rev5 = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'spring-wheel', draft: fixed, baseRev: rev4 }),
    ).data.rev;
    expect(body(await op.post('/console/campaigns/submit', { id: 'spring-wheel', rev: rev5 })).code).toBe(0);
    // The approver decides the rev they read: an older one is refused.
    const old = await ap.post('/console/campaigns/review', { id: 'spring-wheel', rev: rev4, decision: 'approve' });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 6304 });
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'spring-wheel', rev: rev5, decision: 'approve' })),
    ).toMatchObject({
      code: 0,
      data: { state: 'scheduled', revisionState: null, approvalsGiven: 1, version: 1 },
    });
    expect(await h5Detail('spring-wheel')).toMatchObject({ status: 'scheduled', version: 1 });

    t.clock.advance(HOUR);
    await signIn();
    // Shown live at once; filed under live when the clock has written it down.
    expect((await detailOf(op, 'spring-wheel')).campaign.state).toBe('live');
    expect(await t.services.campaigns.running.tick()).toMatchObject({ started: 1 });
    const list = body<{ items: { id: string; state: string }[] }>(await op.get('/console/campaigns?state=live')).data
      .items;
    expect(list.map((r) => r.id)).toContain('spring-wheel');
    const customer = await login();
    expect((await draw(customer, 'spring-wheel')).json()).toMatchObject({ code: 0 });
    const d = await detailOf(ap, 'spring-wheel');
    expect(d.campaign).toMatchObject({
      state: 'live',
      version: 1,
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      seed: null,
    });
    expect(d.reviews.map((r) => r.decision)).toEqual(['request_changes', 'approve']);
  });

  it('maker ≠ checker: nobody approves a change they edited', async () => {
    const { rev } = await readyWheel(op, 'own-wheel', t.clock.now, 2 * HOUR, (d) => {
      d.slot = 'own-slot';
    });
    expect(body(await op.post('/console/campaigns/submit', { id: 'own-wheel', rev })).code).toBe(0);
    const acting = {
      actor: { id: 'operator-chen', name: '陈', roles: ['operator', 'approver'] },
      ip: null,
      locale: 'zh-CN' as const,
    };
    await expect(
      t.services.campaigns.lifecycle.review(acting, { id: 'demo', name: 'demo' } as never, {
        id: 'own-wheel',
        rev,
        decision: 'approve',
        comment: '',
      }),
    ).rejects.toMatchObject({ errorName: 'CAMPAIGN_OWN_CHANGE' });
    const mine = await t.services.campaigns.reads.approvals({ id: 'demo' } as never, 'operator-chen');
    expect(mine.items.map((i) => i.id)).not.toContain('own-wheel');
  });

  it('N of M: above the budget two distinct approvers, each once', async () => {
    expect(
      body(
        await admin.post('/console/settings/approval-policy', {
          required: 1,
          above: { budgetCents: 100_000, required: 2 },
        }),
      ).code,
    ).toBe(0);
    const { rev } = await readyWheel(op, 'big-wheel', t.clock.now, 3 * HOUR, (d) => {
      d.slot = 'big-slot';
    });
    expect(body(await op.post('/console/campaigns/submit', { id: 'big-wheel', rev })).code).toBe(0);
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'big-wheel', rev, decision: 'approve' })),
    ).toMatchObject({
      data: { state: 'submitted', approvalsNeeded: 2, approvalsGiven: 1, version: null },
    });
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'big-wheel', rev, decision: 'approve' })),
    ).toMatchObject({ code: 6307 });
    expect(body<{ items: unknown[] }>(await ap.get('/console/approvals')).data.items).toEqual([
      expect.objectContaining({ id: 'own-wheel' }),
    ]);
    expect(
      body(await ap2.post('/console/campaigns/review', { id: 'big-wheel', rev, decision: 'approve' })),
    ).toMatchObject({
      data: { state: 'scheduled', approvalsGiven: 2, version: 1 },
    });
    await admin.post('/console/settings/approval-policy', { required: 1, above: null });
  });

  it('a change to a live campaign is a revision; approved, it is a new version and earlier draws keep theirs', async () => {
    const customer = await login();
    const before = await detailOf(op, 'spring-wheel');
    const next = structuredClone(before.draft);
    const prizes = next.activity?.prizes ?? [];
    (prizes[1] as { stock: number }).stock = 900; // a top-up
    (prizes[1] as { weight: number }).weight = 99; // and better odds
    const saved = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'spring-wheel', draft: next, baseRev: before.rev }),
    );
    expect((await detailOf(op, 'spring-wheel')).campaign).toMatchObject({ state: 'live', revisionState: 'draft' });
    expect(body(await op.post('/console/campaigns/submit', { id: 'spring-wheel', rev: saved.data.rev })).data).toEqual({
      state: 'live',
      revisionState: 'submitted',
    });
    // Until approved, customers see what is live.
    expect((await h5Detail('spring-wheel')).prizes[1]?.totalStock).toBe(500);
    const diff = body<{ changes: { path: string; label: string; before: unknown; after: unknown }[] }>(
      await ap.get('/console/campaigns/diff?id=spring-wheel'),
    ).data.changes;
    expect(diff).toHaveLength(2);
    expect(diff).toEqual(
      expect.arrayContaining([
        { path: 'activity.prizes.1.weight', label: '活动 · 奖品 · 「二等奖 10 元红包」 · 权重', before: 49, after: 99 },
        {
          path: 'activity.prizes.1.stock',
          label: '活动 · 奖品 · 「二等奖 10 元红包」 · 库存',
          before: 500,
          after: 900,
        },
      ]),
    );
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'spring-wheel', rev: saved.data.rev, decision: 'approve' }))
        .data,
    ).toMatchObject({
      state: 'live',
      revisionState: null,
      version: 2,
    });
    const live = await h5Detail('spring-wheel');
    expect(live).toMatchObject({ status: 'live', version: 2 });
    expect(live.prizes[1]?.totalStock).toBe(900);
    expect((await draw(customer, 'spring-wheel')).json()).toMatchObject({ code: 0 });
    const versions = await t.database.db
      .selectFrom('draw')
      .select('version')
      .where('act_id', '=', 'spring-wheel')
      .orderBy('version')
      .execute();
    expect(new Set(versions.map((v) => v.version))).toEqual(new Set([1, 2]));
  });

  it('an uploaded white list limits the published campaign to its customers, by customer number or mobile', async () => {
    const { rev, draft } = await readyWheel(op, 'vip-wheel', t.clock.now, HOUR, (d) => {
      d.slot = 'page:vip-wheel';
    });
    const csv = Buffer.from('客户号,手机号\nvip-001,13700009901\nvip-002,13700009903\n');
    const uploaded = await op.post('/console/campaigns/white-list?id=vip-wheel', csv, { 'content-type': 'text/csv' });
    const list = body<{ listId: string; rows: number }>(uploaded).data;
    expect(list.rows).toBe(2);
    // A list the corp does not have (another corp's id, or a made-up one) would admit nobody: refused at submit.
    const ghost = { ...draft, whiteList: { ref: 'no-such-list', rows: 2 } };
    const ghostRev = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'vip-wheel', draft: ghost, baseRev: rev }),
    ).data.rev;
    expect((await op.post('/console/campaigns/submit', { id: 'vip-wheel', rev: ghostRev })).json()).toMatchObject({
      code: 6309,
      fields: { whiteList: '找不到这份白名单，请重新上传' },
    });
    const act = draft.activity as NonNullable<CampaignDraft['activity']>;
    const withList: CampaignDraft = {
      ...draft,
      activity: { ...act, eligibility: { ...act.eligibility, whiteListOnly: true } },
      whiteList: { ref: list.listId, rows: list.rows },
    };
    const saved = body<{ rev: number }>(
      await op.post('/console/campaigns/save', { id: 'vip-wheel', draft: withList, baseRev: ghostRev }),
    ).data.rev;
    expect(body(await op.post('/console/campaigns/submit', { id: 'vip-wheel', rev: saved })).code).toBe(0);
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'vip-wheel', rev: saved, decision: 'approve' })).code,
    ).toBe(0);
    t.clock.advance(HOUR);
    const listed = await login('13700009901');
    const stranger = await login('13700009902');
    // On the list by mobile: draws. Not on it: the designed refusal, nothing drawn.
    expect((await draw(listed, 'vip-wheel')).json()).toMatchObject({ code: 0 });
    const refused = (await draw(stranger, 'vip-wheel')).json();
    expect(refused).toEqual({ code: 2005, data: '您暂不符合参与条件' });
    const drawn = await t.database.db.selectFrom('draw').select('user_id').where('act_id', '=', 'vip-wheel').execute();
    expect(drawn).toHaveLength(1);
  });

  it('two live campaigns of one corp may not share an entry slot at once', async () => {
    // A new wheel is proposed a free slot (ADR 0383); moved onto the live wheel's, it is refused.
    const taken = (await detailOf(op, 'spring-wheel')).draft.slot ?? 'page:wheel';
    const { rev } = await readyWheel(op, 'rival-wheel', t.clock.now, 2 * DAY, (d) => {
      expect(d.slot).toMatch(/^page:wheel-\d+$/);
      expect(d.slot).not.toBe(taken);
      d.slot = taken;
    });
    const res = await op.post('/console/campaigns/submit', { id: 'rival-wheel', rev });
    expect(res.json()).toMatchObject({
      code: 6309,
      fields: { slot: expect.stringContaining('已有活动「春季大转盘」') },
    });
  });

  it('a staff list changes store clerks only: console roles stay the admin’s, at submit and at publication', async () => {
    const demoStaff = [
      { id: 'clerk-li', name: '李店员', roles: ['clerk'], stores: ['sh-renmin', 'sh-lujiazui'] },
      { id: 'approver-wang', name: '王审批', roles: ['approver'], stores: [] },
      { id: 'approver-zhao', name: '赵主管', roles: ['approver', 'operator'], stores: [] },
      { id: 'operator-chen', name: '陈运营', roles: ['operator'], stores: [] },
      { id: 'auditor-sun', name: '孙审计', roles: ['auditor'], stores: [] },
      { id: 'admin-zhou', name: '周管理员', roles: ['admin'], stores: [] },
    ];
    expect(
      body(await op.post('/console/campaigns/create', { kind: 'staffList', title: '门店人员', id: 'staff-q4' })).code,
    ).toBe(0);
    // It starts as the corp's list is now.
    expect((await detailOf(op, 'staff-q4')).draft.staffList).toEqual(
      [...demoStaff].sort((x, y) => x.id.localeCompare(y.id)),
    );
    const saveAndSubmit = async (list: typeof demoStaff) => {
      const d = await detailOf(op, 'staff-q4');
      const saved = body<{ rev: number }>(
        await op.post('/console/campaigns/save', {
          id: 'staff-q4',
          draft: { ...d.draft, staffList: list },
          baseRev: d.rev,
        }),
      );
      expect(saved.code).toBe(0);
      return op.post('/console/campaigns/submit', { id: 'staff-q4', rev: saved.data.rev });
    };
    // The operator makes themself an admin and drops the auditor: refused, both named.
    const grab = demoStaff
      .filter((s) => s.id !== 'auditor-sun')
      .map((s) => (s.id === 'operator-chen' ? { ...s, roles: ['operator', 'admin'] } : s));
    const refused = (await saveAndSubmit(grab)).json() as { code: number; fields: Record<string, string> };
    expect(refused.code).toBe(6309);
    expect(refused.fields.staffList).toContain('operator-chen');
    expect(refused.fields.staffList).toContain('auditor-sun');
    expect(refused.fields.staffList).not.toContain('approver-wang');
    // A new clerk, console roles as they are: submitted.
    const clerks = [...demoStaff, { id: 'clerk-wu', name: '吴店员', roles: ['clerk'], stores: ['sh-renmin'] }];
    const submitted = body<{ rev: number }>(await saveAndSubmit(clerks));
    expect(submitted.code).toBe(0);
    // Meanwhile the admin makes the auditor an auditor and an approver: publishing the list now would undo that,
    // so the approval is refused against the roles as they are then.
    expect(
      body(await admin.post('/console/staff/roles', { staffId: 'auditor-sun', roles: ['auditor', 'approver'] })).code,
    ).toBe(0);
    const rev = (await detailOf(op, 'staff-q4')).rev;
    const late = (await ap.post('/console/campaigns/review', { id: 'staff-q4', rev, decision: 'approve' })).json() as {
      code: number;
      fields?: Record<string, string>;
    };
    expect(late.code).not.toBe(0);
    expect(JSON.stringify(late)).toContain('auditor-sun');
    const roles = await t.database.db
      .selectFrom('staff')
      .select(['id', 'roles', 'active'])
      .where('corp_id', '=', 'demo')
      .where('id', 'in', ['auditor-sun', 'clerk-wu'])
      .execute();
    expect(roles.map((r) => [r.id, JSON.parse(r.roles), r.active])).toEqual([
      ['auditor-sun', ['auditor', 'approver'], 1],
    ]);
    // Put back as the list has it: now the approval publishes the new clerk, and nobody's console role moved.
    expect(body(await admin.post('/console/staff/roles', { staffId: 'auditor-sun', roles: ['auditor'] })).code).toBe(0);
    expect(body(await ap.post('/console/campaigns/review', { id: 'staff-q4', rev, decision: 'approve' })).code).toBe(0);
    const after = await t.database.db
      .selectFrom('staff')
      .select(['id', 'roles'])
      .where('corp_id', '=', 'demo')
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(after.map((r) => [r.id, JSON.parse(r.roles)]))).toEqual(
      Object.fromEntries([...clerks].sort((x, y) => x.id.localeCompare(y.id)).map((s) => [s.id, s.roles])),
    );
  });

  it('every action is on the audit chain with before → after', async () => {
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const items = body<{ items: { action: string; subject: string; before: unknown; after: unknown }[] }>(
      await auditor.get('/console/audit?subject=spring-wheel'),
    ).data.items;
    const actions = new Set(items.map((i) => i.action));
    for (const a of [
      'campaign.create',
      'campaign.save',
      'campaign.submit',
      'campaign.review',
      'campaign.publish',
      'campaign.live',
    ]) {
      expect(actions).toContain(a);
    }
    expect(
      items.find((i) => i.action === 'campaign.publish' && (i.after as { version: number }).version === 2),
    ).toMatchObject({
      before: { state: 'live', version: 1 },
    });
    const verify = body<{ ok: boolean }>(await auditor.get('/console/audit/verify')).data;
    expect(verify.ok).toBe(true);
  });
});
