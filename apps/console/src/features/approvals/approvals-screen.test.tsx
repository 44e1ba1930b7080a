import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden, refusal } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { ApprovalsScreen } from './approvals-screen';

const item = {
  id: 'act-gold',
  title: '金卡刮刮乐',
  kind: 'scratch',
  state: 'pending_review',
  revisionState: null,
  rev: 3,
  submittedBy: { id: 'operator-chen', name: '陈运营' },
  submittedAt: Date.UTC(2026, 10, 22, 2),
  budgetCents: 5_000_000,
  approvalsNeeded: 1,
  approvalsGiven: 0,
};
const diff = {
  rev: 3,
  changes: [
    { path: 'activity.title', label: '活动名称', before: null, after: '金卡刮刮乐' },
    { path: 'activity.subtitle', label: '副标题', before: '', after: null },
  ],
};

/** A live campaign's revision: a prize's kind and value, the banner, a new prize, the white list. */
const revision = {
  rev: 4,
  changes: [
    {
      path: 'activity.prizes.0.kind',
      label: '活动 · 奖品 · 「一等奖」 · 奖品类型',
      before: 'coupon',
      after: 'physical',
    },
    { path: 'activity.prizes.0.valueCents', label: '活动 · 奖品 · 「一等奖」 · 价值（元）', before: 500, after: 1250 },
    { path: 'banner', label: '横幅图片', before: '/uploads/old.png', after: '/uploads/new.png' },
    {
      path: 'activity.prizes.1',
      label: '活动 · 奖品 · 新增「二等奖」',
      before: null,
      after: { id: 'p-7qk2', name: '二等奖', kind: 'coupon', stock: null, valueCents: 300 },
    },
    { path: 'whiteList', label: '白名单', before: null, after: { ref: 'l-x9', rows: 1200, name: '贵宾.csv' } },
    {
      path: 'activity.endsAt',
      label: '活动 · 结束时间',
      before: Date.UTC(2026, 11, 31, 16),
      after: Date.UTC(2027, 0, 31, 16),
    },
  ],
  names: { prize: { 'p-7qk2': '二等奖' } },
};

afterEach(() => vi.unstubAllGlobals());

describe('ApprovalsScreen', () => {
  it('shows the inbox loading', () => {
    stubFetch({});
    const { container } = renderAt(<ApprovalsScreen />, '/approvals');
    expect(screen.getByRole('heading', { name: '待我审批' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    stubFetch({ '/console/approvals': () => envelope({ items: [] }) });
    renderAt(<ApprovalsScreen />, '/approvals');
    expect(await screen.findByText('没有等你审批的活动')).toBeTruthy();
  });

  it("shows the selected campaign's diff in words, without the empty-on-both-sides field", async () => {
    stubFetch({
      '/console/approvals': () => envelope({ items: [item] }),
      '/console/campaigns/diff': () => envelope(diff),
    });
    renderAt(<ApprovalsScreen />, '/approvals?id=act-gold');
    const table = await screen.findByTestId('diff-table', {}, { timeout: 5000 });
    expect(table.textContent).toContain('活动名称');
    expect(table.textContent).toContain('（无）');
    expect(table.textContent).not.toContain('副标题');
    expect(screen.getByText('预算 ¥50,000.00：需要 1 人批准，已有 0 人。')).toBeTruthy();
  });

  it('reads a revision in labels, yuan, China time, names and thumbnails: no JSON, keys or ids', async () => {
    stubFetch({
      '/console/approvals': () => envelope({ items: [item] }),
      '/console/campaigns/diff': () => envelope(revision),
    });
    renderAt(<ApprovalsScreen />, '/approvals?id=act-gold');
    const table = await screen.findByTestId('diff-table', {}, { timeout: 5000 });
    const row = (path: string) => table.querySelector(`[data-path="${path}"]`)?.textContent ?? '';
    expect(row('activity.prizes.0.kind')).toContain('奖品类型');
    expect(row('activity.prizes.0.kind')).not.toContain('活动类型');
    expect(row('activity.prizes.0.kind')).toContain('优惠券');
    expect(row('activity.prizes.0.kind')).toContain('实物');
    expect(row('activity.prizes.0.valueCents')).toContain('¥12.50');
    expect(row('activity.prizes.1')).toContain('奖品名称二等奖');
    expect(row('activity.prizes.1')).toContain('库存不限');
    expect(row('whiteList')).toContain('贵宾.csv（1,200 行）');
    expect(row('activity.endsAt')).toContain('2027-02-01 00:00');
    expect(table.querySelectorAll('img[src="/uploads/new.png"]').length).toBe(1);
    const text = table.textContent ?? '';
    expect(text).not.toContain('{"');
    expect(text).not.toMatch(/\d{13}/);
    expect(text).not.toMatch(/p-7qk2|l-x9|valueCents|physical|\/uploads/);
  });

  it('asks to reload when the draft changed since it was opened (409)', async () => {
    stubFetch({
      '/console/approvals': () => envelope({ items: [item] }),
      '/console/campaigns/diff': () => envelope(diff),
      '/console/campaigns/review': () => refusal(409, 40901, '草稿已变更'),
    });
    renderAt(<ApprovalsScreen />, '/approvals?id=act-gold');
    await screen.findByTestId('diff-table');
    fireEvent.change(screen.getByLabelText(/审批意见/), { target: { value: '库存请改为 5 个' } });
    await waitFor(() => expect(screen.getByRole('button', { name: /要求修改/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /要求修改/ }));
    expect(await screen.findByText(/这份草稿又被修改过/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载差异/ })).toBeTruthy();
  });

  it('shows a failed read', async () => {
    stubFetch({ '/console/approvals': () => broken() });
    renderAt(<ApprovalsScreen />, '/approvals');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubFetch({ '/console/approvals': () => forbidden('您的岗位无权审批') });
    renderAt(<ApprovalsScreen />, '/approvals');
    expect(await screen.findByText('您的岗位无权审批')).toBeTruthy();
  });
});
