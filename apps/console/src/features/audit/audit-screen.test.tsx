import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken, forbidden } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { AuditScreen } from './audit-screen';

const entry = {
  seq: 7,
  at: Date.UTC(2026, 10, 22, 2, 0, 0),
  actor: { id: 'admin-zhou', name: '周管理员', roles: ['admin'] },
  ip: '10.0.0.1',
  action: 'staff.add',
  subject: 'ops-liu',
  before: null,
  after: { login: 'liu.ops' },
  prevHash: 'aa',
  hash: 'bb',
};
/** A draft save as the server records it since issue 34: the changed paths, and the diff's label of each. */
const save = {
  ...entry,
  seq: 8,
  action: 'campaign.save',
  subject: 'spring-wheel',
  before: { rev: 3, 'activity.prizes.0.valueCents': 500, 'activity.startsAt': Date.UTC(2026, 11, 1, 2) },
  after: {
    rev: 4,
    'activity.prizes.0.valueCents': 1250,
    'activity.startsAt': Date.UTC(2026, 11, 2, 2),
    labels: {
      'activity.prizes.0.valueCents': '活动 · 奖品 · 「一等奖」 · 价值（元）',
      'activity.startsAt': '活动 · 开始时间',
    },
  },
};
const page = (items: unknown[]) => envelope({ items, total: items.length, actions: ['staff.add'] });

afterEach(() => vi.unstubAllGlobals());

describe('AuditScreen', () => {
  it('shows the table loading while the log is read', () => {
    stubFetch({});
    const { container } = renderAt(<AuditScreen />, '/audit');
    expect(screen.getByRole('heading', { name: '审计日志' })).toBeTruthy();
    expect(container.querySelector('.ant-spin')).toBeTruthy();
  });

  it('shows the entries in China time, and says so when none match', async () => {
    stubFetch({ '/console/audit': () => page([entry]) });
    renderAt(<AuditScreen />, '/audit');
    expect(await screen.findByText('添加人员', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('2026-11-22 10:00:00')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('reads a change as labels and values: yuan, China time, names, no JSON or keys', async () => {
    stubFetch({ '/console/audit': () => page([save]) });
    const { container } = renderAt(<AuditScreen />, '/audit');
    const summary = await screen.findByTestId('audit-change');
    expect(summary.textContent).toContain('草稿版本：3 → 4');
    expect(summary.textContent).toContain('等 1 项');
    fireEvent.click(container.querySelector('.ant-table-row-expand-icon') as Element);
    const detail = await screen.findByTestId('audit-changes');
    const row = (label: string) =>
      [...detail.querySelectorAll('tbody tr')].find((r) => r.querySelector('td')?.textContent === label)?.textContent;
    expect(row('活动 · 奖品 · 「一等奖」 · 价值（元）')).toContain('¥5.00');
    expect(row('活动 · 奖品 · 「一等奖」 · 价值（元）')).toContain('¥12.50');
    expect(row('活动 · 开始时间')).toContain('2026-12-02 10:00');
    const text = container.textContent ?? '';
    expect(text).not.toContain('{"');
    expect(text).not.toMatch(/\d{13}/);
    expect(text).not.toMatch(/valueCents|startsAt|labels|prizes/);
    // Staff by name: the actor's id is not on screen.
    expect(text).not.toContain('admin-zhou');
  });

  it('says when no entry matches', async () => {
    stubFetch({ '/console/audit': () => page([]) });
    renderAt(<AuditScreen />, '/audit?actor=nobody');
    expect(await screen.findByText('没有符合条件的审计记录')).toBeTruthy();
  });

  it("asks for the URL's China days as epoch ms, the end day included", async () => {
    const fetch = stubFetch({ '/console/audit': () => page([]) });
    renderAt(<AuditScreen />, '/audit?from=2026-11-01&to=2026-11-02&action=staff.add');
    await screen.findByText('没有符合条件的审计记录');
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(url.searchParams.get('from')).toBe(String(Date.UTC(2026, 9, 31, 16)));
    expect(url.searchParams.get('to')).toBe(String(Date.UTC(2026, 10, 2, 16)));
    expect(url.searchParams.get('action')).toBe('staff.add');
  });

  it('shows a failed read with a retry', async () => {
    stubFetch({ '/console/audit': () => broken() });
    renderAt(<AuditScreen />, '/audit');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });

  it("shows the server's refusal when the roles do not cover the log", async () => {
    stubFetch({ '/console/audit': () => forbidden('您的岗位无权查看审计日志') });
    renderAt(<AuditScreen />, '/audit');
    expect(await screen.findByText('您的岗位无权查看审计日志')).toBeTruthy();
  });

  it("shows the chain's verification", async () => {
    stubFetch({
      '/console/audit': () => page([entry]),
      '/console/audit/verify': () =>
        envelope({ ok: true, checked: 7, firstBad: null, head: { seq: 7, hash: 'bb' }, published: null }),
    });
    renderAt(<AuditScreen />, '/audit');
    fireEvent.click(screen.getByRole('button', { name: /校验哈希链/ }));
    await waitFor(() => expect(screen.getByTestId('verify-result').textContent).toContain('哈希链完整'));
  });
});
