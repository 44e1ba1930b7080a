import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberCorpId } from '../../api/corp';
import { broken, refusal } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { SignInScreen } from './sign-in-screen';

const options = { corpName: '招财生活银行（演示）', sso: false };

beforeEach(() => rememberCorpId('demo'));
afterEach(() => {
  vi.unstubAllGlobals();
  rememberCorpId(null);
});

function fill() {
  fireEvent.change(screen.getByLabelText('登录名'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-password' } });
  fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s?录/ }));
}

describe('SignInScreen', () => {
  it('asks for the corp first when none is known', () => {
    rememberCorpId(null);
    stubFetch({});
    renderAt(<SignInScreen />, '/sign-in');
    expect(screen.getByLabelText('机构号')).toBeTruthy();
  });

  it("shows a skeleton while the corp's sign-in options load", () => {
    stubFetch({});
    const { container } = renderAt(<SignInScreen />, '/sign-in');
    expect(container.querySelector('.ant-skeleton')).toBeTruthy();
  });

  it('says when the corp is unknown', async () => {
    stubFetch({ '/console/auth/options': () => envelope('机构不存在', 1001) });
    renderAt(<SignInScreen />, '/sign-in');
    expect(await screen.findByText('未找到该机构，请核对机构号')).toBeTruthy();
  });

  it('shows a failed read of the options', async () => {
    stubFetch({ '/console/auth/options': () => broken() });
    renderAt(<SignInScreen />, '/sign-in');
    expect(await screen.findByText(/服务暂时不可用/)).toBeTruthy();
  });

  it('shows a refused sign-in as an alert and clears the code', async () => {
    stubFetch({
      '/console/auth/options': () => envelope(options),
      '/console/auth/sign-in': () => refusal(401, 40101, '登录名、密码或动态验证码不正确'),
    });
    renderAt(<SignInScreen />, '/sign-in');
    await screen.findByText('招财生活银行（演示）');
    fill();
    expect((await screen.findByRole('alert')).textContent).toContain('登录名、密码或动态验证码不正确');
    await waitFor(() => expect((screen.getByLabelText('动态验证码') as HTMLInputElement).value).toBe(''));
  });

  it('signs in and goes where the user was', async () => {
    stubFetch({
      '/console/auth/options': () => envelope(options),
      '/console/auth/sign-in': () =>
        envelope({ staffId: 'admin-zhou', name: '周管理员', roles: ['admin'], csrfToken: 'x' }),
    });
    const { router } = renderAt(<SignInScreen />, '/sign-in?redirect=%2Faudit');
    await screen.findByText('招财生活银行（演示）');
    fill();
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit'));
  });
});
