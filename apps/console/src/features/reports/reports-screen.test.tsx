import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { ReportsScreen } from './reports-screen';

const me = vi.hoisted(() => ({ staffId: 'auditor-wu', name: '吴审计', roles: ['auditor'] as string[] }));
// The layout's outlet hands the screen the signed-in staff member.
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));

const job = {
  id: 'job-1',
  kind: 'winners',
  format: 'xlsx',
  actId: 'act-gold',
  unmasked: false,
  state: 'done',
  rows: 1200,
  total: 1200,
  error: null,
  filename: 'winners-act-gold.xlsx',
  createdAt: Date.UTC(2026, 10, 22, 2),
  expiresAt: null,
};
const campaigns = () => envelope({ items: [{ actId: 'act-gold', title: '金卡刮刮乐' }] });

afterEach(() => vi.unstubAllGlobals());

describe('ReportsScreen', () => {
  it('shows the jobs loading', () => {
    stubFetch({});
    const { container } = renderAt(<ReportsScreen />, '/reports');
    expect(screen.getByRole('heading', { name: '报表导出' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('lists the jobs with the campaign by its title and a download', async () => {
    stubFetch({
      '/console/exports': () => envelope({ items: [job], total: 1 }),
      '/console/reconcile/campaigns': campaigns,
    });
    renderAt(<ReportsScreen />, '/reports');
    expect(await screen.findByText('已完成')).toBeTruthy();
    expect(await screen.findByText('金卡刮刮乐')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 winners-act-gold.xlsx' })).toBeTruthy();
  });

  it('says when there are no exports yet', async () => {
    stubFetch({ '/console/exports': () => envelope({ items: [], total: 0 }) });
    renderAt(<ReportsScreen />, '/reports');
    expect(await screen.findByText('还没有导出记录')).toBeTruthy();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/exports': () => broken() });
    renderAt(<ReportsScreen />, '/reports');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal to start an export", async () => {
    stubFetch({
      '/console/exports': () => envelope({ items: [], total: 0 }),
      '/console/exports/start': () => forbidden('您的岗位无权导出此报表'),
    });
    renderAt(<ReportsScreen />, '/reports');
    await screen.findByText('还没有导出记录');
    fireEvent.click(screen.getByRole('button', { name: /开始导出/ }));
    expect(await screen.findByText('您的岗位无权导出此报表')).toBeTruthy();
  });

  it('asks for a reason before an unmasked export, under the input', async () => {
    const fetch = stubFetch({ '/console/exports': () => envelope({ items: [], total: 0 }) });
    renderAt(<ReportsScreen />, '/reports');
    await screen.findByText('还没有导出记录');
    fireEvent.click(screen.getByRole('checkbox', { name: /导出明文/ }));
    await screen.findByLabelText('原因');
    fireEvent.click(screen.getByRole('button', { name: /开始导出/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('导出明文须填写原因');
    await waitFor(() =>
      expect(screen.getByLabelText('原因').getAttribute('aria-describedby')).toBe('export-reason-error'),
    );
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/exports/start'))).toBe(false);
  });
});
