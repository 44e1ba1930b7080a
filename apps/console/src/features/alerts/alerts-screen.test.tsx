import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { AlertsScreen } from './alerts-screen';

const me = vi.hoisted(() => ({ staffId: 'admin-zhou', name: '周管理员', roles: ['admin'] as string[] }));
// The layout's outlet hands the screen the signed-in staff member.
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));

const alert = {
  id: 'a-1',
  at: Date.UTC(2026, 10, 22, 2),
  kind: 'stock_low',
  actId: null,
  message: '一等奖库存不足 5%',
  delivery: 'failed',
  attempts: 2,
  lastError: 'HTTP 500',
};
const answer = (items: unknown[]) => envelope({ items, total: items.length, webhook: null });

afterEach(() => vi.unstubAllGlobals());

describe('AlertsScreen', () => {
  it('shows the alerts loading', () => {
    stubFetch({});
    const { container } = renderAt(<AlertsScreen />, '/alerts');
    expect(screen.getByRole('heading', { name: '告警' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('lists the alerts with their delivery', async () => {
    stubFetch({ '/console/alerts': () => answer([alert]) });
    renderAt(<AlertsScreen />, '/alerts');
    expect(await screen.findByText('一等奖库存不足 5%')).toBeTruthy();
    expect(screen.getByText('推送失败')).toBeTruthy();
    expect(screen.getByText('第 2 次尝试')).toBeTruthy();
    expect(screen.getByTestId('webhook-current').textContent).toBe('尚未配置：告警只在此处显示');
  });

  it('says when there are no alerts', async () => {
    stubFetch({ '/console/alerts': () => answer([]) });
    renderAt(<AlertsScreen />, '/alerts');
    expect(await screen.findByText('暂无告警')).toBeTruthy();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/alerts': () => broken() });
    renderAt(<AlertsScreen />, '/alerts');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal of the webhook under its input", async () => {
    stubFetch({
      '/console/alerts': () => answer([]),
      '/console/alerts/webhook': () =>
        new Response(JSON.stringify({ code: 40001, data: '提交未通过', fields: { 'body.url': '须为 https 地址' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderAt(<AlertsScreen />, '/alerts');
    await screen.findByText('暂无告警');
    fireEvent.change(screen.getByLabelText('地址'), { target: { value: 'http://hook.example' } });
    fireEvent.change(screen.getByLabelText('签名密钥'), { target: { value: 'e2e-webhook-secret-000000001' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '保存 Webhook' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: '保存 Webhook' }));
    expect(await screen.findByText('须为 https 地址')).toBeTruthy();
  });

  it("shows the server's refusal of the list", async () => {
    stubFetch({ '/console/alerts': () => forbidden('您的岗位无权查看告警') });
    renderAt(<AlertsScreen />, '/alerts');
    expect(await screen.findByText('您的岗位无权查看告警')).toBeTruthy();
  });
});
