import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, refusal } from '../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../shared/testing/render';
import { ConsoleLayout } from './layout';

const operator = {
  corpId: 'demo',
  corpName: '招财生活银行（演示）',
  staffId: 'operator-chen',
  name: '陈运营',
  roles: ['operator'],
  csrfToken: 'x',
  method: 'password',
  idleTimeoutMs: 900_000,
  expiresAt: Date.UTC(2027, 0, 1),
};

afterEach(() => vi.unstubAllGlobals());

describe('ConsoleLayout', () => {
  it('shows a spinner while the session is read', () => {
    stubFetch({});
    const { container } = renderAt(<ConsoleLayout />, '/campaigns');
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it("shows only the sections the user's roles allow", async () => {
    stubFetch({ '/console/me': () => envelope(operator) });
    renderAt(<ConsoleLayout />, '/campaigns');
    const menu = await screen.findByRole('navigation', { name: '主菜单' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['活动管理', '数据看板', '报表导出', '对账', '告警', '风控', '门店管理', '机构设置']);
    expect(screen.getByText('陈运营')).toBeTruthy();
  });

  it("the user's name opens their menu: 我的账户", async () => {
    stubFetch({ '/console/me': () => envelope(operator) });
    const { router } = renderAt(<ConsoleLayout />, '/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: /陈运营/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /我的账户/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('refuses a section outside the roles with the designed page', async () => {
    stubFetch({ '/console/me': () => envelope(operator) });
    renderAt(<ConsoleLayout />, '/audit');
    expect(await screen.findByText('您的岗位无权查看此页面')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
  });

  it('sends a signed-out user to sign-in, keeping where they were', async () => {
    stubFetch({ '/console/me': () => refusal(401, 40100, '请先登录') });
    const { router } = renderAt(<ConsoleLayout />, '/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?redirect=%2Fsettings');
  });

  it('shows a failed read of the session with a retry', async () => {
    stubFetch({ '/console/me': () => broken() });
    renderAt(<ConsoleLayout />, '/campaigns');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });
});
