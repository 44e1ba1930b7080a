import type { CampaignDraft } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { detailOf, HOUR } from '../../testing/campaigns';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

// Issue 34 §1: 支付立减 with its cards and merchants, and a coupon campaign with its stores picked from the
// stores' master data — from the console's draft to what the customer's H5 reads.

const kinds = await dialects();

describe.each(kinds)('campaign kinds from the console to the H5 on %s', (kind) => {
  let t: TestApp;
  let op: ConsoleClient;
  let ap: ConsoleClient;
  const { login } = campaignActions(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
  }, 120_000);
  afterAll(async () => t?.close());

  const h5 = async (path: string, cookie?: string) =>
    body<Record<string, unknown>>(
      await t.app.inject({
        method: 'GET',
        url: `/bmcs/api${path}&corpId=demo`,
        headers: cookie ? { ...H5, cookie } : H5,
      }),
    );

  /** Creates a draft of this kind, edits it, saves it; its window starts now. */
  async function draftOf(id: string, k: CampaignDraft['kind'], edit: (d: CampaignDraft) => void) {
    expect(body(await op.post('/console/campaigns/create', { kind: k, title: '测试活动', id })).code).toBe(0);
    const d = await detailOf(op, id);
    const section = d.draft.activity ?? d.draft.discount;
    if (section) {
      section.startsAt = t.clock.now;
      section.endsAt = t.clock.now + 10 * 24 * HOUR;
    }
    edit(d.draft);
    return { draft: d.draft, rev: d.rev };
  }
  async function publish(id: string, draft: CampaignDraft, baseRev: number) {
    const saved = body<{ rev: number }>(await op.post('/console/campaigns/save', { id, draft, baseRev }));
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    const submitted = body(await op.post('/console/campaigns/submit', { id, rev: saved.data.rev }));
    expect(submitted.code, JSON.stringify(submitted)).toBe(0);
    for (const who of [ap, await consoleSignIn(t, DEMO_CONSOLE.approver2)]) {
      const state = (await detailOf(op, id)).campaign.state;
      if (state !== 'submitted') break;
      const r = body(await who.post('/console/campaigns/review', { id, rev: saved.data.rev, decision: 'approve' }));
      expect(r.code, JSON.stringify(r)).toBe(0);
    }
    expect((await detailOf(op, id)).campaign.state).toBe('live');
  }

  it('支付立减: bad card BINs and merchants are named row by row in Chinese; the good ones reach the H5 as 适用卡 and 适用商户', async () => {
    const { draft, rev } = await draftOf('lijian-e2e', 'discount', (d) => {
      if (!d.discount) throw new Error('a discount draft');
      d.discount.validCards = [
        { bin: '62', label: '' },
        { bin: '622848', label: '本行借记卡' },
        { bin: '622848', label: '重复' },
      ];
      d.discount.validMerchants = [{ id: '咖啡', name: '' }];
    });
    const checked = body<{ fields: Record<string, string> }>(
      await op.post('/console/campaigns/check', { id: 'lijian-e2e', draft }),
    );
    expect(checked.data.fields).toMatchObject({
      'discount.validCards.0.bin': '卡 BIN 为 6–8 位数字',
      'discount.validCards.0.label': expect.stringContaining('请填写卡的名称'),
      'discount.validCards.2.bin': expect.stringContaining('与第 2 行重复'),
      'discount.validMerchants.0.id': '商户号为 1–64 位字母、数字、_ 或 -',
      'discount.validMerchants.0.name': expect.stringContaining('请填写商户名称'),
    });
    const submitRefused = body(await op.post('/console/campaigns/save', { id: 'lijian-e2e', draft, baseRev: rev }));
    expect(submitRefused.code).toBe(0); // work in progress saves; it cannot be submitted
    const saved = await detailOf(op, 'lijian-e2e');
    expect(body(await op.post('/console/campaigns/submit', { id: 'lijian-e2e', rev: saved.rev })).code).not.toBe(0);

    if (!draft.discount) throw new Error('a discount draft');
    draft.discount.validCards = [
      { bin: '62284800', label: '本行借记卡' },
      { bin: '436742', label: '本行信用卡' },
    ];
    draft.discount.validMerchants = [
      { id: 'm-coffee', name: '街角咖啡' },
      { id: 'm-books', name: '城市书店' },
    ];
    await publish('lijian-e2e', draft, saved.rev);
    const customer = await login();
    const detail = await h5('/discount/detail?discountId=lijian-e2e', customer);
    expect(detail).toMatchObject({
      code: 0,
      data: { validCards: draft.discount.validCards, validMerchants: draft.discount.validMerchants },
    });
  });

  it('券与票: the stores picked from the master data (a new one too) are the stores the H5 lists for the campaign', async () => {
    const made = body<{ id: string }>(
      await op.post('/console/stores/save', {
        name: '西湖银泰支行',
        address: '杭州市上城区延安路 98 号 1 层',
        cityCode: '330100',
        cityName: '杭州市',
        phone: '0571-8888 0202',
        lng: 120.166,
        lat: 30.252,
        hours: '10:00-22:00',
        accepts: ['到店兑换券'],
      }),
    );
    expect(made.code).toBe(0);
    const { draft, rev } = await draftOf('coupon-stores', 'coupon', (d) => {
      if (!d.stores) throw new Error('a coupon draft names its stores');
      expect(d.stores.list.stores).toEqual([]);
      d.stores.list.stores = ['sh-renmin', made.data.id];
    });
    await publish('coupon-stores', draft, rev);
    const relations = await h5('/store-list-relation/relation-list?actId=coupon-stores');
    expect(relations).toMatchObject({ code: 0 });
    const lists = (relations.data as { relations: { listId: string; storeIds: string[] }[] }).relations;
    expect(lists.map((l) => l.storeIds.sort())).toEqual([[made.data.id, 'sh-renmin'].sort()]);
    const listed = await h5(`/store-list-relation/store-list?listId=${lists[0]?.listId}`);
    expect(JSON.stringify(listed.data)).toContain('西湖银泰支行');
  });
});
