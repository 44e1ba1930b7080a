import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListTable } from '../list-table';
import { envelope, renderAt, stubFetch } from '../testing/render';
import { readHidden } from './use-column-settings';
import { useListPage } from './use-list-page';

type Row = { id: string; title: string; kind: string };

function Sorted() {
  const list = useListPage('consoleCampaignList', {
    filters: ['q'] as const,
    pageSize: 2,
    toQuery: ({ filters, page, pageSize, sort }) => ({
      q: filters.q,
      page,
      pageSize,
      ...(sort ? { sort: sort.field as 'title', order: sort.order } : {}),
    }),
    rows: (data) => ({ items: data.items as unknown as Row[], total: data.total }),
  });
  return (
    <ListTable<Row>
      list={list}
      settingsId="test"
      columns={[
        { title: '名称', key: 'title', dataIndex: 'title', sorter: true },
        { title: '类型', key: 'kind', dataIndex: 'kind' },
      ]}
    />
  );
}

const rows = [
  { id: 'a', title: '活动甲', kind: '大转盘' },
  { id: 'b', title: '活动乙', kind: '刮刮卡' },
];
const me = () =>
  envelope({
    corpId: 'demo',
    corpName: '演示银行',
    staffId: 'op-1',
    name: '运营',
    roles: ['operator'],
    csrfToken: 'x',
  });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ListTable over useListPage: sort and column settings', () => {
  it('sorts on the server: a header click writes sort and order to the URL, back to page 1, and the query sends them', async () => {
    const fetch = stubFetch({
      '/console/me': me,
      '/console/campaigns': () => envelope({ items: rows, total: 6, page: 1, pageSize: 2 }),
    });
    const { router } = renderAt(<Sorted />, '/list?page=3&q=x');
    await screen.findByText('活动甲');
    await act(async () => {
      fireEvent.click(screen.getByText('名称'));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=x&sort=title&order=ascend'));
    await waitFor(() => {
      const urls = fetch.mock.calls.map((c) => new URL(String(c[0]), 'http://x'));
      const last = urls.filter((u) => u.pathname.endsWith('/console/campaigns')).at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        q: 'x',
        page: '1',
        pageSize: '2',
        sort: 'title',
        order: 'ascend',
      });
    });
    // The header shows the URL's sort (a shared link opens sorted).
    expect(screen.getByText('名称').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(screen.getByText('名称'));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=x&sort=title&order=descend'));
  });

  it('hides a column and remembers it for this user in this browser', async () => {
    stubFetch({
      '/console/me': me,
      '/console/campaigns': () => envelope({ items: rows, total: 2, page: 1, pageSize: 2 }),
    });
    const first = renderAt(<Sorted />, '/list');
    await screen.findByText('大转盘');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    });
    await waitFor(() => expect(screen.getAllByRole('checkbox').length).toBeGreaterThanOrEqual(2));
    const kind = screen.getAllByRole('checkbox').find((c) => c.closest('label')?.textContent === '类型');
    await act(async () => {
      fireEvent.click(kind as HTMLElement);
    });
    await waitFor(() => expect(screen.queryByText('大转盘')).toBeNull());
    expect(readHidden('demo.op-1', 'test')).toEqual(['kind']);
    expect(readHidden('demo.someone-else', 'test')).toEqual([]);
    first.unmount();
    renderAt(<Sorted />, '/list');
    await screen.findByText('活动甲');
    await waitFor(() => expect(screen.queryByText('大转盘')).toBeNull());
  });
});
