import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { AccountScreen } from './account-screen';

const local = { staffId: 'ops-liu', name: '刘运营', login: 'liu.ops', passwordChangedAt: null, method: 'password' };
const sso = { ...local, login: null, method: 'sso' };
// 2026-11-22 10:00:05 in Beijing.
const AT = Date.UTC(2026, 10, 22, 2, 0, 5);
const signIns = {
  total: 2,
  items: [
    { at: AT, ip: '10.1.2.3', ok: true, method: 'password', reason: null },
    { at: AT - 60_000, ip: '10.9.9.9', ok: false, method: 'password', reason: 'password' },
  ],
};
const fieldRefusal = (code: number, data: string, fields: Record<string, string>) =>
  new Response(JSON.stringify({ code, data, fields }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('AccountScreen', () => {
  it('shows the account loading', () => {
    stubFetch({});
    const { container } = renderAt(<AccountScreen />, '/account');
    expect(screen.getByRole('heading', { name: '我的账户', level: 1 })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('a local account: the password form, the second factor and the sign-ins in Beijing time, newest first', async () => {
    stubFetch({
      '/console/account': () => envelope(local),
      '/console/account/sign-ins': () => envelope(signIns),
    });
    renderAt(<AccountScreen />, '/account');
    expect(await screen.findByLabelText('当前密码')).toBeTruthy();
    expect(screen.getByLabelText('新密码')).toBeTruthy();
    expect(screen.getByLabelText('再次输入新密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '生成新的二维码' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]?.textContent).toContain('2026-11-22 10:00:05');
    expect(rows[1]?.textContent).toContain('成功');
    expect(rows[2]?.textContent).toContain('失败');
    expect(rows[2]?.textContent).toContain('密码错误');
    expect(rows[2]?.textContent).toContain('10.9.9.9');
  });

  it('single sign-on only: says where the password is managed and shows no password form', async () => {
    stubFetch({
      '/console/account': () => envelope(sso),
      '/console/account/sign-ins': () => envelope({ total: 0, items: [] }),
    });
    renderAt(<AccountScreen />, '/account');
    expect(await screen.findByText('您通过本行统一身份认证（单点登录）登录控制台')).toBeTruthy();
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    expect(screen.queryByRole('button', { name: '生成新的二维码' })).toBeNull();
    expect(await screen.findByText('还没有登录记录')).toBeTruthy();
  });

  it('a wrong current password comes back under its input; the new ones must match', async () => {
    const fetch = stubFetch({
      '/console/account': () => envelope(local),
      '/console/account/sign-ins': () => envelope(signIns),
      '/console/account/password': () =>
        fieldRefusal(6008, '当前密码不正确', { 'body.currentPassword': '当前密码不正确' }),
    });
    renderAt(<AccountScreen />, '/account');
    fireEvent.change(await screen.findByLabelText('当前密码'), { target: { value: 'not-mine-1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Second-pass-2026' } });
    fireEvent.change(screen.getByLabelText('再次输入新密码'), { target: { value: 'Second-pass-2027' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('再次输入新密码'), { target: { value: 'Second-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    const current = screen.getByLabelText('当前密码').closest('.ant-form-item') as HTMLElement;
    expect(await within(current).findByText('当前密码不正确')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/account/password'));
    // The confirmation stays in the browser.
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      currentPassword: 'not-mine-1',
      newPassword: 'Second-pass-2026',
    });
  });

  it('the policy is checked as the member types', async () => {
    stubFetch({
      '/console/account': () => envelope(local),
      '/console/account/sign-ins': () => envelope(signIns),
    });
    renderAt(<AccountScreen />, '/account');
    fireEvent.change(await screen.findByLabelText('新密码'), { target: { value: 'onlyletters' } });
    expect(await screen.findByText('密码至少 10 位，且含字母和数字')).toBeTruthy();
  });

  it('a new second factor: its QR code, then a wrong code under the code input', async () => {
    stubFetch({
      '/console/account': () => envelope(local),
      '/console/account/sign-ins': () => envelope(signIns),
      '/console/account/totp/start': () =>
        envelope({
          otpauthUri: 'otpauth://totp/%E6%B4%BB%E5%8A%A8:demo%3Aliu.ops?secret=JBSWY3DPEHPK3PXPJBSW&issuer=x',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          pending: 'sealed',
        }),
      '/console/account/totp/confirm': () => fieldRefusal(6009, '验证码不正确', { 'body.code': '验证码不正确' }),
    });
    renderAt(<AccountScreen />, '/account');
    fireEvent.click(await screen.findByRole('button', { name: '生成新的二维码' }));
    expect(await screen.findByRole('img', { name: '新动态口令的二维码' })).toBeTruthy();
    expect(screen.getByTestId('new-setup-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByText('demo:liu.ops')).toBeTruthy();
    const card = screen.getByRole('button', { name: '确认更换' }).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(card).getByLabelText('当前密码'), { target: { value: 'First-pass-10' } });
    fireEvent.change(within(card).getByLabelText('新口令的验证码'), { target: { value: '123456' } });
    fireEvent.click(within(card).getByRole('button', { name: '确认更换' }));
    const code = within(card).getByLabelText('新口令的验证码').closest('.ant-form-item') as HTMLElement;
    expect(await within(code).findByText('验证码不正确')).toBeTruthy();
    // Cancel: back to the start, nothing in force.
    fireEvent.click(within(card).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByRole('img', { name: '新动态口令的二维码' })).toBeNull());
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/account': () => broken(), '/console/account/sign-ins': () => broken() });
    renderAt(<AccountScreen />, '/account');
    expect((await screen.findAllByText('加载失败')).length).toBeGreaterThan(0);
  });
});
