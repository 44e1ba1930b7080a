import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal } from '../../shared/testing/answers';
import { renderAt, stubFetch } from '../../shared/testing/render';
import { SsoCallbackScreen } from './sso-callback-screen';

afterEach(() => vi.unstubAllGlobals());

describe('SsoCallbackScreen', () => {
  it('says it is completing the sign-on while the server checks the answer', () => {
    stubFetch({});
    renderAt(<SsoCallbackScreen />, '/sso/callback/demo?code=c&state=s', '/sso/callback/:corpId');
    expect(screen.getByText('正在完成统一认证登录…')).toBeTruthy();
  });

  it("shows the server's refusal with a way back to sign-in", async () => {
    stubFetch({ '/console/auth/sso/callback': () => refusal(403, 40302, '该账号未在本机构人员名单中') });
    renderAt(<SsoCallbackScreen />, '/sso/callback/demo?code=c&state=s', '/sso/callback/:corpId');
    expect(await screen.findByText('统一认证登录未完成')).toBeTruthy();
    expect(screen.getByText('该账号未在本机构人员名单中')).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回登录页/ })).toBeTruthy();
  });
});
