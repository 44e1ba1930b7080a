import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, DatePicker, Form, Input, Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../testing/render';
import { readListState, useListPage } from './use-list-page';

type Row = { id: string; title: string };

function List() {
  const list = useListPage('consoleCampaignList', {
    filters: ['q', 'state', 'from', 'to'] as const,
    ranges: { period: ['from', 'to'] },
    pageSize: 2,
    toQuery: ({ filters, page, pageSize }) => ({
      q: filters.q,
      state: filters.state as 'draft' | undefined,
      page,
      pageSize,
    }),
    rows: (data) => ({ items: data.items as unknown as Row[], total: data.total }),
  });
  return (
    <>
      <Form {...list.filterFormProps}>
        <Form.Item name="q" label="q">
          <Input />
        </Form.Item>
        <Form.Item name="period" label="period">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button htmlType="submit">find</Button>
        <Button htmlType="reset">clear</Button>
      </Form>
      <output data-testid="state">{JSON.stringify({ f: list.filters, p: list.page, filtered: list.filtered })}</output>
      <Table<Row> {...list.tableProps} columns={[{ title: 'title', dataIndex: 'title' }]} />
    </>
  );
}

const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: `c-${from + i}`, title: `活动 ${from + i}` }));
const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

afterEach(() => vi.unstubAllGlobals());

describe('useListPage', () => {
  it('reads filters, page and sort from the URL', () => {
    const s = readListState(new URLSearchParams('q=a&page=3&sort=updated&order=descend&x=1'), ['q', 'state']);
    expect(s).toEqual({ filters: { q: 'a' }, page: 3, pageSize: 20, sort: { field: 'updated', order: 'descend' } });
    expect(readListState(new URLSearchParams('page=-2&order=sideways&sort=a'), []).page).toBe(1);
    expect(readListState(new URLSearchParams('sort=a&order=up'), []).sort).toBeNull();
  });

  it("asks the server for the URL's page and filters, and fills the table and the filter form", async () => {
    const fetch = stubFetch({
      '/console/campaigns': (url) =>
        envelope({ items: rows(2, 3), total: 5, page: Number(url.searchParams.get('page')), pageSize: 2 }),
    });
    const { router } = renderAt(<List />, '/list?q=%E6%98%A5&page=2&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('活动 3')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '春', page: '2', pageSize: '2' });
    expect((screen.getByLabelText('q') as HTMLInputElement).value).toBe('春');
    const [start, end] = screen.getAllByRole('textbox').filter((e) => e.closest('.ant-picker'));
    expect((start as HTMLInputElement).value).toBe('2026-11-01');
    expect((end as HTMLInputElement).value).toBe('2026-11-30');
    expect(screen.getByText('共 5 个')).toBeTruthy();
    expect(router.state.location.search).toContain('page=2');
  });

  it('writes a submitted filter to the URL and goes back to page 1; reset clears the URL', async () => {
    stubFetch({ '/console/campaigns': () => envelope({ items: rows(2), total: 2, page: 1, pageSize: 2 }) });
    const { router } = renderAt(<List />, '/list?page=3');
    await screen.findByText('活动 1');
    fireEvent.change(screen.getByLabelText('q'), { target: { value: ' 转盘 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'find' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E8%BD%AC%E7%9B%98'));
    await waitFor(() => expect(state()).toEqual({ f: { q: '转盘' }, p: 1, filtered: true }));
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(state().filtered).toBe(false));
  });

  it("turns the table's pager into the URL's page", async () => {
    stubFetch({
      '/console/campaigns': (url) => {
        const page = Number(url.searchParams.get('page'));
        return envelope({ items: rows(2, page * 2 - 1), total: 6, page, pageSize: 2 });
      },
    });
    const { router } = renderAt(<List />, '/list');
    await screen.findByText('活动 1');
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('活动 3')).toBeTruthy();
  });

  it("shows the server's refusal as the list's error", async () => {
    stubFetch({ '/console/campaigns': () => envelope('无权查看', 40301) });
    function Errors() {
      const list = useListPage('consoleCampaignList', {
        filters: [],
        toQuery: ({ page }) => ({ page }),
        rows: (d) => ({ items: d.items, total: d.total }),
      });
      return <p>{list.error?.message ?? (list.tableProps.loading ? 'loading' : 'none')}</p>;
    }
    renderAt(<Errors />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('无权查看')).toBeTruthy();
  });
});
