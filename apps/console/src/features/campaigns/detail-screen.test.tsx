import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '#console/shared/testing/render';
import { CampaignDetailScreen } from './detail-screen';

const campaign = {
  id: 'spring-wheel',
  title: '春季转盘',
  kind: 'wheel',
  state: 'live',
  revisionState: null,
  halted: false,
  startsAt: Date.UTC(2026, 10, 1),
  endsAt: Date.UTC(2026, 11, 1),
  version: 1,
  updatedAt: Date.UTC(2026, 10, 1),
  updatedBy: { id: 's-1', name: '陈运营' },
  maker: { id: 's-1', name: '陈运营' },
  commitment: null,
  seed: null,
  seedRevealed: false,
};
const detail = (c = campaign) =>
  envelope({ campaign: c, rev: 3, reviews: [], history: [], approvalsNeeded: 1, approvalsGiven: 0 });
const me = () => envelope({ id: 's-1', name: '陈运营', roles: ['operator'], corpId: 'demo' });
const at = (ui = <CampaignDetailScreen />) => renderAt(ui, '/campaigns/spring-wheel', '/campaigns/:id');

afterEach(() => vi.unstubAllGlobals());

describe('活动详情', () => {
  it('is busy until the campaign is read', async () => {
    stubFetch({ '/console/me': me });
    at();
    expect(await screen.findByText('加载中…')).toBeTruthy();
  });

  it('shows a live campaign with the pause and revise buttons for its operator', async () => {
    stubFetch({ '/console/me': me, '/console/campaigns/detail': () => detail() });
    at();
    expect(await screen.findByRole('heading', { name: '春季转盘' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /修改（提交修订）/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /暂\s*停/ })).toBeTruthy();
    expect(screen.getByText('还没有记录。提交、审批、上线、暂停等都会显示在这里。')).toBeTruthy();
  });

  it('says a campaign of another corp or none does not exist', async () => {
    stubFetch({
      '/console/me': me,
      '/console/campaigns/detail': () =>
        new Response(JSON.stringify({ code: 40401, data: '活动不存在' }), { status: 404 }),
    });
    at();
    expect(await screen.findByText('没有这个活动')).toBeTruthy();
    expect(screen.getByText('编号 spring-wheel 不存在，或不属于本机构。')).toBeTruthy();
  });

  it("shows a refused or failed read with the server's words", async () => {
    stubFetch({ '/console/me': me, '/console/campaigns/detail': () => envelope('您的岗位无权查看活动', 40301) });
    at();
    expect(await screen.findByText('您的岗位无权查看活动')).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
  });
});
