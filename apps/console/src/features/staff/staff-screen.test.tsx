import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { StaffScreen } from './staff-screen';

const me = { staffId: 'admin-zhou', name: '周管理员', roles: ['admin'] };
const chen = {
  staffId: 'operator-chen',
  name: '陈运营',
  login: 'chen',
  roles: ['operator'],
  active: true,
  lockedUntil: null,
  lastSignInAt: null,
};

// The layout's outlet hands the screen the signed-in staff member.
vi.mock('react-router', async (load) => {
  const real = await load<typeof import('react-router')>();
  return { ...real, useOutletContext: () => me };
});

afterEach(() => vi.unstubAllGlobals());

describe('StaffScreen', () => {
  it('shows the table loading', () => {
    stubFetch({});
    const { container } = renderAt(<StaffScreen />, '/staff');
    expect(screen.getByRole('heading', { name: '人员与权限' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('lists the staff with their actions', async () => {
    stubFetch({ '/console/staff': () => envelope({ items: [chen], total: 1 }) });
    renderAt(<StaffScreen />, '/staff');
    expect(await screen.findByText('陈运营')).toBeTruthy();
    expect(screen.getByText('从未登录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '调整岗位 陈运营' })).toBeTruthy();
  });

  it('says when nobody matches the search in the URL, and asks with it', async () => {
    const fetch = stubFetch({ '/console/staff': () => envelope({ items: [], total: 0 }) });
    renderAt(<StaffScreen />, '/staff?q=liu');
    expect(await screen.findByText('没有匹配的人员')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(url.searchParams.get('q')).toBe('liu');
  });

  it('says there is nobody yet', async () => {
    stubFetch({ '/console/staff': () => envelope({ items: [], total: 0 }) });
    renderAt(<StaffScreen />, '/staff');
    expect(await screen.findByText('还没有人员')).toBeTruthy();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/staff': () => broken() });
    renderAt(<StaffScreen />, '/staff');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubFetch({ '/console/staff': () => forbidden('仅管理员可管理人员') });
    renderAt(<StaffScreen />, '/staff');
    expect(await screen.findByText('仅管理员可管理人员')).toBeTruthy();
  });

  it("puts the server's field error under the input it names", async () => {
    stubFetch({
      '/console/staff': () => envelope({ items: [], total: 0 }),
      '/console/staff/add': () =>
        new Response(JSON.stringify({ code: 40001, data: '提交未通过', fields: { 'body.login': '登录名已被使用' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderAt(<StaffScreen />, '/staff');
    await screen.findByText('还没有人员');
    fireEvent.click(screen.getByRole('button', { name: /添加人员/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('人员编号'), { target: { value: 'ops-liu' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '刘运营' } });
    fireEvent.change(within(dialog).getByLabelText('登录名'), { target: { value: 'liu.ops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(within(dialog).getByText('登录名已被使用')).toBeTruthy());
  });

  it("opens each staff member's roles dialog with their own roles", async () => {
    const wu = { ...chen, staffId: 'auditor-wu', name: '吴审计', login: 'wu', roles: ['auditor'] };
    stubFetch({ '/console/staff': () => envelope({ items: [chen, wu], total: 2 }) });
    renderAt(<StaffScreen />, '/staff');
    const checked = (dialog: HTMLElement) =>
      within(dialog)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.closest('label')?.textContent);
    fireEvent.click(await screen.findByRole('button', { name: '调整岗位 陈运营' }));
    const first = await screen.findByRole('dialog', { name: '调整岗位：陈运营' });
    await waitFor(() => expect(checked(first)).toEqual(['运营（制作）']));
    fireEvent.click(within(first).getByRole('button', { name: /取\s?消/ }));
    fireEvent.click(screen.getByRole('button', { name: '调整岗位 吴审计' }));
    const second = await screen.findByRole('dialog', { name: '调整岗位：吴审计' });
    await waitFor(() => expect(checked(second)).toEqual(['审计']));
  });
});
