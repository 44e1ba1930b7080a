import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '#console/shared/testing/render';
import { EditorScreen } from './editor-screen';

const draft = {
  kind: 'wheel',
  activity: {
    title: '春季转盘',
    type: 'wheel',
    startsAt: Date.UTC(2026, 11, 1, 2),
    endsAt: Date.UTC(2026, 11, 8, 2),
    rules: '每天可抽三次。',
    prizes: [
      { id: 'p1', name: '一等奖', kind: 'physical', image: '', weight: 1, stock: 10, perUserCap: 1, valueCents: 29900 },
      {
        id: 'p2',
        name: '谢谢参与',
        kind: 'thanks',
        image: '',
        weight: 99,
        stock: null,
        perUserCap: null,
        valueCents: 0,
      },
    ],
  },
};
const campaign = {
  id: 'spring-wheel',
  title: '春季转盘',
  kind: 'wheel',
  state: 'draft',
  revisionState: null,
  halted: false,
  version: null,
};
const me = () => envelope({ id: 's-1', name: '陈运营', roles: ['operator'], corpId: 'demo' });
const at = () => renderAt(<EditorScreen />, '/campaigns/spring-wheel/edit', '/campaigns/:id/edit');

afterEach(() => vi.unstubAllGlobals());

describe('编辑活动', () => {
  it('is busy until the draft is read', async () => {
    stubFetch({ '/console/me': me });
    at();
    expect(await screen.findByText('加载中…')).toBeTruthy();
  });

  it('shows the draft: China-time pickers, the prize table by its accessible names, the live odds', async () => {
    stubFetch({
      '/console/me': me,
      '/console/campaigns/detail': () => envelope({ campaign, draft, rev: 2, reviews: [], history: [] }),
    });
    at();
    expect(await screen.findByRole('heading', { name: '编辑：春季转盘' })).toBeTruthy();
    // 2026-12-01 02:00 UTC is 10:00 in China, whatever the test machine's zone.
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('2026-12-01 10:00');
    expect((screen.getByLabelText('奖品 1 库存') as HTMLInputElement).value).toBe('10');
    expect(screen.getByLabelText('奖品 1 价值（元）')).toBeTruthy();
    expect(screen.getByTestId('odds-preview').textContent).toContain('%');
    expect(screen.getByText('未发现问题（服务器在保存与提交时会再次检查）。')).toBeTruthy();
  });

  it('takes a typed China time (the ISO form the journeys type) once the input loses focus', async () => {
    const fetch = stubFetch({
      '/console/me': me,
      '/console/campaigns/detail': () => envelope({ campaign, draft, rev: 2, reviews: [], history: [] }),
      '/console/campaigns/check': () => envelope({ ok: true, fields: {} }),
    });
    at();
    const starts = (await screen.findByLabelText('开始时间')) as HTMLInputElement;
    fireEvent.focus(starts);
    fireEvent.change(starts, { target: { value: '2026-12-02T09:30' } });
    fireEvent.blur(starts);
    await waitFor(() => expect(screen.getByText(/有未保存的修改/)).toBeTruthy(), { timeout: 10_000 });
    // The last check (the first went out as the editor opened) carries the typed time: 09:30 in China is 01:30 UTC.
    const lastSent = () => {
      const checks = fetch.mock.calls.filter(([u]) => String(u).includes('/console/campaigns/check'));
      return JSON.parse(String(checks.at(-1)?.[1]?.body ?? '{}'));
    };
    await waitFor(() => expect(lastSent().draft?.activity.startsAt).toBe(Date.UTC(2026, 11, 2, 1, 30)), {
      timeout: 3_000,
    });
  });

  it('checks as it opens, and shows the entry slots of the type with who holds them', async () => {
    const fetch = stubFetch({
      '/console/me': me,
      '/console/campaigns/detail': () => envelope({ campaign, draft, rev: 2, reviews: [], history: [] }),
      '/console/campaigns/check': () => envelope({ ok: false, fields: { 'activity.rules': '活动规则须使用中文撰写' } }),
      '/console/campaigns/slots': () =>
        envelope({
          type: 'wheel',
          current: 'page:wheel',
          proposed: 'page:wheel-2',
          slots: [
            {
              slot: 'page:wheel',
              free: false,
              bookings: [
                {
                  id: 'summer',
                  title: '夏日幸运大转盘',
                  state: 'live',
                  startsAt: Date.UTC(2026, 10, 1),
                  endsAt: Date.UTC(2026, 11, 31),
                },
              ],
            },
            { slot: 'page:wheel-2', free: true, bookings: [] },
          ],
        }),
    });
    at();
    // Nothing typed: the check's finding is there.
    expect(await screen.findByTestId('check-errors')).toBeTruthy();
    expect(screen.getByTestId('check-errors').textContent).toContain('活动规则须使用中文撰写');
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/console/campaigns/check'))).toHaveLength(1);
    const timeline = await screen.findByTestId('slot-timeline');
    expect(timeline.textContent).toContain('大转盘入口');
    expect(timeline.textContent).toContain('已占用');
    expect(timeline.textContent).toContain('夏日幸运大转盘');
    expect(timeline.textContent).toContain('大转盘入口 2');
    fireEvent.click(screen.getByRole('button', { name: '使用此入口' }));
    await waitFor(() => expect(screen.getByTestId('slot-label').textContent).toContain('大转盘入口 2'));
    expect(screen.getByTestId('game-settings')).toBeTruthy();
  });

  it('says a campaign that is not there does not exist', async () => {
    stubFetch({
      '/console/me': me,
      '/console/campaigns/detail': () =>
        new Response(JSON.stringify({ code: 40401, data: '活动不存在' }), { status: 404 }),
    });
    at();
    expect(await screen.findByText('没有这个活动')).toBeTruthy();
  });

  it("shows a refused read with the server's words", async () => {
    stubFetch({ '/console/me': me, '/console/campaigns/detail': () => envelope('您的岗位无权编辑活动', 40301) });
    at();
    expect(await screen.findByText('您的岗位无权编辑活动')).toBeTruthy();
  });
});
