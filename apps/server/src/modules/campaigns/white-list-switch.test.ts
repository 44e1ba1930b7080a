import type { CampaignDraft } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { HOUR, readyWheel } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

// 仅白名单可参与 (activity.eligibility.whiteListOnly) decides whether an uploaded white list limits the draw
// (ADR 0382): on, only the list's customers draw; off, the list stays in the draft and everyone may draw.

describe.each(kinds)('the 仅白名单可参与 switch on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let ap: ConsoleClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
  }, 120_000);
  afterAll(async () => t?.close());
  const { login, draw } = campaignActions(() => t);

  /** A wheel with a two-customer list uploaded and the switch as given, submitted and approved. */
  async function listedWheel(id: string, switchOn: boolean) {
    const { rev, draft } = await readyWheel(op, id, t.clock.now, HOUR, (d) => {
      d.slot = `page:${id}`;
    });
    const csv = Buffer.from('客户号,手机号\nvip-001,13700008801\n');
    const list = body<{ listId: string; rows: number }>(
      await op.post(`/console/campaigns/white-list?id=${id}`, csv, { 'content-type': 'text/csv' }),
    ).data;
    const act = draft.activity as NonNullable<CampaignDraft['activity']>;
    const next: CampaignDraft = {
      ...draft,
      activity: { ...act, eligibility: { ...act.eligibility, whiteListOnly: switchOn } },
      whiteList: { ref: list.listId, rows: list.rows },
    };
    const saved = body<{ rev: number }>(await op.post('/console/campaigns/save', { id, draft: next, baseRev: rev }));
    expect(saved.code).toBe(0);
    expect(body(await op.post('/console/campaigns/submit', { id, rev: saved.data.rev })).code).toBe(0);
    const review = await ap.post('/console/campaigns/review', { id, rev: saved.data.rev, decision: 'approve' });
    expect(body(review).code).toBe(0);
  }

  it('on with no list uploaded: the check names the switch and nothing can be submitted', async () => {
    const { rev, draft } = await readyWheel(op, 'switch-alone', t.clock.now, HOUR, (d) => {
      d.slot = 'page:switch-alone';
      const act = d.activity as NonNullable<CampaignDraft['activity']>;
      act.eligibility = { ...act.eligibility, whiteListOnly: true };
    });
    const checked = body<{ ok: boolean; fields: Record<string, string> }>(
      await op.post('/console/campaigns/check', { id: 'switch-alone', draft }),
    ).data;
    expect(checked.ok).toBe(false);
    expect(checked.fields['activity.eligibility.whiteListOnly']).toContain('请上传白名单');
    const refused = (await op.post('/console/campaigns/submit', { id: 'switch-alone', rev })).json();
    expect(refused).toMatchObject({ code: 6309, fields: { 'activity.eligibility.whiteListOnly': expect.any(String) } });
  });

  it('off: the uploaded list is not enforced and a customer off the list draws; on: only the list draws', async () => {
    await listedWheel('list-off', false);
    await listedWheel('list-on', true);
    t.clock.advance(HOUR);
    const listed = await login('13700008801');
    const stranger = await login('13700008802');

    expect((await draw(stranger, 'list-off')).json()).toMatchObject({ code: 0 });
    expect((await draw(listed, 'list-off')).json()).toMatchObject({ code: 0 });

    expect((await draw(stranger, 'list-on')).json()).toEqual({ code: 2005, data: '您暂不符合参与条件' });
    expect((await draw(listed, 'list-on')).json()).toMatchObject({ code: 0 });
    const drawn = await t.database.db
      .selectFrom('draw')
      .select(['act_id'])
      .where('act_id', 'in', ['list-off', 'list-on'])
      .execute();
    expect(drawn.filter((d) => d.act_id === 'list-off')).toHaveLength(2);
    expect(drawn.filter((d) => d.act_id === 'list-on')).toHaveLength(1);
  });
});
