import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken } from '../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../shared/testing/render';
import { KillSwitchBanner } from './kill-switch-banner';
import { NotFound } from './not-found';

const settings = (halted: boolean) =>
  envelope({
    killSwitch: halted
      ? { halted, by: { id: 'admin-zhou', name: '周管理员' }, at: Date.UTC(2026, 10, 22, 2), reason: '奖品供应商故障' }
      : { halted, by: null, at: null, reason: null },
  });

afterEach(() => vi.unstubAllGlobals());

describe('KillSwitchBanner', () => {
  it('says who stopped everything, when and why; an admin gets the way to the switch', async () => {
    stubFetch({ '/console/settings': () => settings(true) });
    renderAt(<KillSwitchBanner isAdmin />, '/campaigns');
    const banner = await screen.findByTestId('kill-banner');
    expect(banner.textContent).toContain('本机构已紧急停止全部活动');
    expect(banner.textContent).toContain('周管理员 于 2026-11-22 10:00 停止，原因：奖品供应商故障');
    expect(screen.getByRole('link', { name: '前往机构设置' })).toBeTruthy();
  });

  it('tells others whom to ask', async () => {
    stubFetch({ '/console/settings': () => settings(true) });
    renderAt(<KillSwitchBanner isAdmin={false} />, '/campaigns');
    expect(await screen.findByText('如需恢复，请联系本机构管理员')).toBeTruthy();
  });

  it('shows nothing while running, loading or when the read fails', async () => {
    stubFetch({ '/console/settings': () => settings(false) });
    const running = renderAt(<KillSwitchBanner isAdmin />, '/campaigns');
    await new Promise((r) => setTimeout(r, 50));
    expect(running.queryByTestId('kill-banner')).toBeNull();
    running.unmount();
    stubFetch({ '/console/settings': () => broken() });
    const failed = renderAt(<KillSwitchBanner isAdmin />, '/campaigns');
    await new Promise((r) => setTimeout(r, 50));
    expect(failed.queryByTestId('kill-banner')).toBeNull();
  });
});

describe('NotFound', () => {
  it('says so and leads home', () => {
    renderAt(<NotFound />, '/nowhere');
    expect(screen.getByText('页面不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
  });
});
