import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { StoresScreen } from './stores-screen';

const me = { staffId: 'operator-chen', name: '陈运营', roles: ['operator'] };
vi.mock('react-router', async (load) => {
  const real = await load<typeof import('react-router')>();
  return { ...real, useOutletContext: () => me };
});
afterEach(() => {
  vi.unstubAllGlobals();
  me.roles = ['operator'];
});

const jingan = {
  id: 's-0a1b2c',
  name: '静安寺支行',
  address: '上海市静安区南京西路 1788 号 1 层',
  cityCode: '310100',
  cityName: '上海市',
  phone: '021-6288 0808',
  lng: 121.445,
  lat: 31.223,
  hours: 'Mon-Fri 09:00-17:00',
  accepts: ['到店兑换券'],
  updatedAt: 1,
};
const refusal = (fields: Record<string, string>, code = 400, status = 400) =>
  new Response(JSON.stringify({ code, data: '提交未通过', fields }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('StoresScreen', () => {
  it('lists the stores by name with address, coordinates, hours and the prizes they accept; no ids', async () => {
    stubFetch({ '/console/stores': () => envelope({ items: [jingan], total: 1 }) });
    renderAt(<StoresScreen />, '/stores');
    expect(await screen.findByText('静安寺支行')).toBeTruthy();
    expect(screen.getByText('121.445000, 31.223000')).toBeTruthy();
    expect(screen.getByText('到店兑换券')).toBeTruthy();
    expect(screen.getByText('周一至周五 09:00-17:00')).toBeTruthy();
    expect(screen.queryByText('s-0a1b2c')).toBeNull();
    expect(screen.getByRole('button', { name: '编辑 静安寺支行' })).toBeTruthy();
  });

  it('an auditor reads the stores without the buttons that change them', async () => {
    me.roles = ['auditor'];
    stubFetch({ '/console/stores': () => envelope({ items: [jingan], total: 1 }) });
    renderAt(<StoresScreen />, '/stores');
    expect(await screen.findByText('静安寺支行')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建门店/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑 静安寺支行' })).toBeNull();
    expect(screen.getByText(/您的岗位只能查看门店/)).toBeTruthy();
  });

  it("edits a store with its values, and puts the server's Chinese field error under the input", async () => {
    const fetch = stubFetch({
      '/console/stores': () => envelope({ items: [jingan], total: 1 }),
      '/console/stores/save': () => refusal({ 'body.lng': '经度应在 73–136 之间（中国境内，GCJ-02）' }),
    });
    renderAt(<StoresScreen />, '/stores');
    fireEvent.click(await screen.findByRole('button', { name: '编辑 静安寺支行' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑门店：静安寺支行' });
    expect((within(dialog).getByLabelText('门店名称') as HTMLInputElement).value).toBe('静安寺支行');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(within(dialog).getByText('经度应在 73–136 之间（中国境内，GCJ-02）')).toBeTruthy());
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/stores/save'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ id: 's-0a1b2c', name: '静安寺支行', lng: 121.445 });
  });

  it('says there are no stores yet, and that a search matched none', async () => {
    stubFetch({ '/console/stores': () => envelope({ items: [], total: 0 }) });
    const first = renderAt(<StoresScreen />, '/stores');
    expect(await screen.findByText('还没有门店，可新建或导入 CSV')).toBeTruthy();
    first.unmount();
    renderAt(<StoresScreen />, '/stores?q=xx');
    expect(await screen.findByText('没有匹配的门店')).toBeTruthy();
  });

  it("an import's refused rows read by line and field label, in Chinese", async () => {
    stubFetch({
      '/console/stores': () => envelope({ items: [], total: 0 }),
      '/console/stores/import': () =>
        refusal({ '2:name': '门店名称需为 2–40 个字', '4:hours': '营业时间如 09:00-21:00' }, 6408, 200),
    });
    renderAt(<StoresScreen />, '/stores');
    fireEvent.click(await screen.findByRole('button', { name: /导入 CSV/ }));
    const dialog = await screen.findByRole('dialog', { name: '从 CSV 导入门店' });
    const file = new File(['id,name\n'], 'stores.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('stores-csv-file'), { target: { files: [file] } });
    const errors = await within(dialog).findByTestId('stores-csv-errors');
    expect(errors.textContent).toContain('第 2 行 名称：门店名称需为 2–40 个字');
    expect(errors.textContent).toContain('第 4 行 营业时间：营业时间如 09:00-21:00');
  });
});

describe('hoursText', () => {
  it('reads the file form of opening hours in Chinese', async () => {
    const { hoursText } = await import('./hours-text');
    expect(hoursText('Mon-Fri 09:00-17:00; Sat,Sun 10:00-16:00')).toBe(
      '周一至周五 09:00-17:00；周六、周日 10:00-16:00',
    );
    expect(hoursText('09:00-21:00')).toBe('09:00-21:00');
  });
});
