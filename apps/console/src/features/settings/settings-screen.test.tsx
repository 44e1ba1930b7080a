import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { SettingsScreen } from './settings-screen';

const me = vi.hoisted(() => ({ staffId: 'admin-zhou', name: '周管理员', roles: ['admin'] as string[] }));
// The layout's outlet hands the screen the signed-in staff member.
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));

const settings = {
  corpId: 'demo',
  corpName: '招财生活银行（演示）',
  approvers: 3,
  approvalPolicy: { required: 1, above: null },
  updatedBy: null,
  updatedAt: null,
  killSwitch: { halted: false, by: null, at: null, reason: null },
  sso: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  me.roles = ['admin'];
});

describe('SettingsScreen', () => {
  it('shows a skeleton while the settings are read', () => {
    stubFetch({});
    const { container } = renderAt(<SettingsScreen />, '/settings');
    expect(container.querySelector('.ant-skeleton')).toBeTruthy();
  });

  it('shows the policy, the kill switch and single sign-on to an admin, with the controls', async () => {
    stubFetch({ '/console/settings': () => envelope(settings) });
    renderAt(<SettingsScreen />, '/settings');
    expect((await screen.findByTestId('policy-summary')).textContent).toBe('常规 1 人审批');
    expect(screen.getByTestId('kill-state').textContent).toBe('全部活动正常运行');
    expect(screen.getByRole('button', { name: '紧急停止全部活动' })).toBeTruthy();
    expect(screen.getByText(/未接入统一认证/)).toBeTruthy();
  });

  it('is read-only for other roles', async () => {
    me.roles = ['operator'];
    stubFetch({ '/console/settings': () => envelope(settings) });
    renderAt(<SettingsScreen />, '/settings');
    expect((await screen.findAllByText('只读：仅管理员可修改')).length).toBe(2);
    expect(screen.queryByRole('button', { name: '紧急停止全部活动' })).toBeNull();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/settings': () => broken() });
    renderAt(<SettingsScreen />, '/settings');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubFetch({ '/console/settings': () => forbidden('您的岗位无权查看机构设置') });
    renderAt(<SettingsScreen />, '/settings');
    expect(await screen.findByText('您的岗位无权查看机构设置')).toBeTruthy();
  });

  it("sends the tiered policy in cents and shows the server's field error under its input", async () => {
    const fetch = stubFetch({
      '/console/settings': () => envelope(settings),
      '/console/settings/approval-policy': () =>
        new Response(
          JSON.stringify({
            code: 40001,
            data: '提交未通过',
            fields: { 'body.above.required': '不能超过在岗审批人数' },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderAt(<SettingsScreen />, '/settings');
    await screen.findByTestId('policy-summary');
    fireEvent.click(screen.getByRole('checkbox', { name: '预算超过一定金额时需要更多审批人' }));
    fireEvent.change(await screen.findByLabelText('预算超过（元）'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('不能超过在岗审批人数')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('approval-policy'));
    await waitFor(() =>
      expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
        required: 1,
        above: { budgetCents: 5_000_000, required: 2 },
      }),
    );
  });
});
