import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { ReconcileScreen } from './reconcile-screen';

const gold = { actId: 'act-gold', title: '金卡刮刮乐', latest: { ok: true, at: Date.UTC(2026, 10, 22) } };
const report = {
  id: 'r-1',
  actId: 'act-gold',
  at: Date.UTC(2026, 10, 22, 2),
  trigger: 'manual',
  ok: false,
  checks: [
    { name: 'stock', label: '库存', left: 6, right: 5, ok: false, rows: [] },
    { name: 'draws', label: '抽奖', left: 9, right: 9, ok: true, rows: [] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ReconcileScreen', () => {
  it('shows the campaigns loading', () => {
    stubFetch({});
    const { container } = renderAt(<ReconcileScreen />, '/reconcile');
    expect(screen.getByRole('heading', { name: '对账' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('says when no campaign is live yet', async () => {
    stubFetch({ '/console/reconcile/campaigns': () => envelope({ items: [] }) });
    renderAt(<ReconcileScreen />, '/reconcile');
    expect(await screen.findByText('还没有活动上线')).toBeTruthy();
    expect(screen.getByText('请选择左侧的活动')).toBeTruthy();
  });

  it("shows the URL's campaign's latest report, its failing check explained", async () => {
    stubFetch({
      '/console/reconcile/campaigns': () => envelope({ items: [gold] }),
      '/console/reconcile/reports': () => envelope({ items: [report], total: 1 }),
    });
    renderAt(<ReconcileScreen />, '/reconcile?actId=act-gold');
    expect((await screen.findByTestId('reconcile-report')).dataset.ok).toBe('false');
    expect(screen.getByText('账目不平：1 项检查未通过，已发出告警')).toBeTruthy();
    expect(screen.getByTestId('why-stock').textContent).toBe('相差 1');
    expect(await screen.findByText('金卡刮刮乐（act-gold）')).toBeTruthy();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/reconcile/campaigns': () => broken() });
    renderAt(<ReconcileScreen />, '/reconcile');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubFetch({ '/console/reconcile/campaigns': () => forbidden('您的岗位无权查看对账') });
    renderAt(<ReconcileScreen />, '/reconcile');
    expect(await screen.findByText('您的岗位无权查看对账')).toBeTruthy();
  });
});
