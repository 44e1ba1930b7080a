import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '#console/shared/testing/render';
import { CampaignsScreen } from './campaigns-screen';

const row = {
  id: 'spring-wheel',
  title: '春季转盘',
  kind: 'wheel',
  state: 'draft',
  revisionState: null,
  halted: false,
  startsAt: null,
  endsAt: null,
  version: null,
  updatedAt: Date.UTC(2026, 10, 1),
  updatedBy: { id: 's-1', name: '陈运营' },
};
const operator = () => envelope({ id: 's-1', name: '陈运营', roles: ['operator'], corpId: 'demo' });
const list = (items: unknown[]) => () => envelope({ items, total: items.length, page: 1, pageSize: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('活动管理', () => {
  it('shows the table loading until the list comes', async () => {
    stubFetch({ '/console/me': operator });
    const { container } = renderAt(<CampaignsScreen />);
    expect(await screen.findByRole('heading', { name: '活动管理' })).toBeTruthy();
    expect(container.querySelector('.ant-spin-spinning')).toBeTruthy();
  });

  it('lists the campaigns, and a maker may create one', async () => {
    stubFetch({ '/console/me': operator, '/console/campaigns': list([row]) });
    renderAt(<CampaignsScreen />);
    expect(await screen.findByRole('link', { name: '春季转盘' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /新建活动/ })).toBeTruthy();
    expect(screen.getByText('共 1 个')).toBeTruthy();
  });

  it('says there is nothing yet, or nothing matching the filters', async () => {
    stubFetch({ '/console/me': operator, '/console/campaigns': list([]) });
    renderAt(<CampaignsScreen />);
    expect(await screen.findByText('还没有活动：点右上角“新建活动”开始')).toBeTruthy();
    const again = renderAt(<CampaignsScreen />, '/?q=nothing');
    await waitFor(() => expect(again.container.textContent).toContain('没有符合条件的活动，换个条件试试'));
  });

  it('shows a failed read with a way to try again', async () => {
    const fetch = stubFetch({
      '/console/me': operator,
      '/console/campaigns': () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    renderAt(<CampaignsScreen />);
    expect(await screen.findByText('服务暂时不可用（502），请稍后重试')).toBeTruthy();
    const before = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(before));
  });

  it('creates a draft from the dialog the journeys use and opens its editor', async () => {
    const fetch = stubFetch({
      '/console/me': operator,
      '/console/campaigns': list([]),
      '/console/campaigns/create': () => envelope({ id: 'c-9', rev: 1 }),
    });
    const { router } = renderAt(<CampaignsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /新建活动/ }));
    const dialog = await screen.findByRole('dialog', { name: '新建活动' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /大转盘/ }));
    fireEvent.change(within(dialog).getByLabelText('活动名称'), { target: { value: ' 春季转盘 ' } });
    // Enabled once there is a name (as Playwright's click waits for it).
    const ok = within(dialog).getByRole('button', { name: /创建草稿/ }) as HTMLButtonElement;
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/c-9/edit'));
    const create = fetch.mock.calls.find(([u]) => String(u).includes('/console/campaigns/create'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ kind: 'wheel', title: '春季转盘' });
  });

  it("shows the server's refusal, and no maker buttons for a reader", async () => {
    stubFetch({
      '/console/me': () => envelope({ id: 's-2', name: '审计', roles: ['auditor'], corpId: 'demo' }),
      '/console/campaigns': () => envelope('您的岗位无权查看活动', 40301),
    });
    renderAt(<CampaignsScreen />);
    expect(await screen.findByText('您的岗位无权查看活动')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建活动/ })).toBeNull();
  });
});
