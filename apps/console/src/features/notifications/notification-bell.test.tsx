import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { broken } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { describe as describeOne, linkOf, relativeTime } from './describe';
import { NotificationBell } from './notification-bell';

const NOW = Date.UTC(2026, 10, 22, 6, 0); // 14:00 in Beijing
const MIN = 60_000;

const items = [
  {
    id: 'n1',
    kind: 'approved',
    subject: 'spring-wheel',
    title: '春季大转盘',
    detail: null,
    at: NOW - 3 * MIN,
    read: false,
  },
  {
    id: 'n2',
    kind: 'changes_requested',
    subject: 'spring-wheel',
    title: '春季大转盘',
    detail: null,
    at: NOW - 2 * 3_600_000,
    read: true,
  },
  {
    id: 'n3',
    kind: 'approval_waiting',
    subject: 'x/1',
    title: '双十二抽奖',
    detail: null,
    at: NOW - 26 * 3_600_000,
    read: false,
  },
  {
    id: 'n4',
    kind: 'alert',
    subject: 'a1',
    title: '「春季大转盘」库存不足 5%',
    detail: 'stock_low',
    at: NOW - 30_000,
    read: false,
  },
  {
    id: 'n5',
    kind: 'export_ready',
    subject: 'job1',
    title: 'winners-x.csv',
    detail: 'winners',
    at: NOW - 3 * 86_400_000,
    read: true,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NotificationBell', () => {
  it('no unread: a plain bell, no count', async () => {
    const fetch = stubFetch({ '/console/notifications/count': () => envelope({ unread: 0 }) });
    const { container } = renderAt(<NotificationBell />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: '通知' })).toBeTruthy();
    expect(container.querySelector('.ant-badge-count')).toBeNull();
    // The poll is a background read: it keeps no idle session alive.
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(Object.keys(init.headers as Record<string, string>).some((h) => /background/i.test(h))).toBe(true);
  });

  it('unread: the count on the badge; opened, each notification says what happened, when, and links to its screen', async () => {
    stubFetch({
      '/console/notifications/count': () => envelope({ unread: 3 }),
      '/console/notifications': () => envelope({ items, unread: 3 }),
    });
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    renderAt(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: '通知，3 条未读' });
    expect(document.querySelector('.ant-badge-count')?.textContent).toContain('3');
    fireEvent.click(bell);
    const list = await screen.findByRole('list', { name: '通知' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/campaigns/spring-wheel',
      '/campaigns/spring-wheel',
      '/approvals?id=x%2F1',
      '/alerts',
      '/reports',
    ]);
    expect(links[0]?.textContent).toContain('「春季大转盘」已审批通过');
    expect(links[0]?.textContent).toContain('3 分钟前');
    expect(links[1]?.textContent).toContain('审批人要求修改');
    expect(links[2]?.textContent).toContain('昨天 12:00');
    expect(links[3]?.textContent).toContain('告警 · 库存不足');
    expect(links[3]?.textContent).toContain('刚刚');
    expect(links[4]?.textContent).toContain('中奖名单已生成');
    expect(links[4]?.textContent).toContain('2026-11-19 14:00');
    expect(screen.getByText('3 条未读')).toBeTruthy();
  });

  it('opening an unread one marks it read; "mark all read" marks the rest', async () => {
    const fetch = stubFetch({
      '/console/notifications/count': () => envelope({ unread: 3 }),
      '/console/notifications': () => envelope({ items, unread: 3 }),
      '/console/notifications/read': () => envelope({ unread: 2 }),
      '/console/notifications/read-all': () => envelope({ marked: 2, unread: 0 }),
    });
    const { router } = renderAt(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: '通知，3 条未读' }));
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/read-all'))).toBe(true));
    const list = await screen.findByRole('list', { name: '通知' });
    fireEvent.click(within(list).getAllByRole('link')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/spring-wheel'));
    const read = fetch.mock.calls.find(([u]) =>
      new URL(String(u), 'http://x').pathname.endsWith('/notifications/read'),
    );
    expect(read).toBeDefined();
    expect(JSON.parse(String((read?.[1] as RequestInit | undefined)?.body))).toEqual({ id: 'n1' });
  });

  it('empty, or the list does not load: says so', async () => {
    stubFetch({
      '/console/notifications/count': () => envelope({ unread: 0 }),
      '/console/notifications': () => envelope({ items: [], unread: 0 }),
    });
    const empty = renderAt(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText('暂无通知')).toBeTruthy();
    expect(screen.getByText('全部已读')).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部标为已读' }) as HTMLButtonElement).disabled).toBe(true);
    empty.unmount();
    stubFetch({ '/console/notifications/count': () => broken(), '/console/notifications': () => broken() });
    renderAt(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText('通知加载失败')).toBeTruthy();
  });
});

describe('what a notification says', () => {
  it('relative while recent, then Beijing time, whatever the browser zone', () => {
    expect(relativeTime(NOW - 59_000, NOW)).toBe('刚刚');
    expect(relativeTime(NOW - 59 * MIN, NOW)).toBe('59 分钟前');
    expect(relativeTime(NOW - 5 * 3_600_000, NOW)).toBe('5 小时前');
    // 16:00 on 21 Nov in Beijing is yesterday at 14:00 on the 22nd.
    expect(relativeTime(NOW - 22 * 3_600_000, NOW)).toBe('昨天 16:00');
    expect(relativeTime(NOW - 3 * 86_400_000, NOW)).toBe('2026-11-19 14:00');
  });

  it('every kind has its words and its screen', () => {
    const of = (kind: string, detail: string | null = null) =>
      describeOne({ id: 'i', kind, subject: 's', title: '元旦转盘', detail, at: NOW, read: false } as never);
    expect(of('rejected')).toEqual({ label: '审批未通过', text: '「元旦转盘」未通过审批' });
    expect(of('approval_waiting').text).toBe('「元旦转盘」已提交，等待您审批');
    expect(of('export_ready', 'audit').text).toBe('审计日志已生成，点击前往下载');
    expect(linkOf({ kind: 'rejected', subject: 's' })).toBe('/campaigns/s');
  });
});
