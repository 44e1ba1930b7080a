import { FIELD_MESSAGES } from '@campaign/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, CallFailure, HttpStatusError } from '#web/api/errors';
import { createQueryClient, QueryProvider } from '#web/api/query-client';
import { type NavigateFn, NavigatorContext, ScreenContext } from '#web/shared/navigation/navigation';
import { cleanup, fire, render } from '#web/shared/testing/render';
import { AddAddressScreen, EditAddressScreen, explainRefusal } from './address-form-screen';

const USER = { corpId: 'demo', nuid: 'u1', mobileMasked: null, openId: null, loginMethod: 'otp' };
const TREE = {
  source: 'test',
  provinces: [
    {
      code: '310000',
      name: '上海市',
      children: [{ code: '310100', name: '上海市', children: [{ code: '310115', name: '浦东新区' }] }],
    },
  ],
};
const SAVED = {
  addNo: 'addr-00000001',
  name: '王五',
  mobile: '13912345678',
  provinceCode: '310000',
  provinceName: '上海市',
  cityCode: '310100',
  cityName: '上海市',
  districtCode: '310115',
  districtName: '浦东新区',
  detail: '世纪大道 100 号',
  isDefault: true,
  createdAt: 1,
  updatedAt: 1,
};

const addAnswer: () => Response = () => envelope(0, SAVED);
let updateAnswer: () => Response = () => envelope(0, SAVED);
const sent: Array<{ path: string; body: unknown }> = [];
const envelope = (code: number, data: unknown, status = 200, fields?: Record<string, string>) =>
  new Response(JSON.stringify(fields ? { code, data, fields } : { code, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input).pathname.replace('/bmcs/api', '');
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/auth/session') return envelope(0, USER);
    if (path === '/address/province-city-list') return envelope(0, TREE);
    if (path === '/address/add') return addAnswer();
    if (path === '/address/update') return updateAnswer();
    if (path === '/address/detail') return envelope(0, SAVED);
    return envelope(404, 'no such call', 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

async function showForm(navigate: NavigateFn, mode: 'add' | 'edit' = 'add') {
  const pathname = mode === 'add' ? '/addAddress' : `/editAddress/${SAVED.addNo}`;
  const client = createQueryClient({ pathname: () => pathname, toast: () => undefined }, { retryDelay: 0 });
  const { container } = render(
    <QueryProvider client={client}>
      <NavigatorContext.Provider value={navigate}>
        <ScreenContext.Provider
          value={{
            location: { pathname, search: '?orderId=ord-00000001', hash: '', key: 'k' },
            params: mode === 'edit' ? { addNo: SAVED.addNo } : {},
          }}
        >
          {mode === 'add' ? <AddAddressScreen /> : <EditAddressScreen />}
        </ScreenContext.Provider>
      </NavigatorContext.Provider>
    </QueryProvider>,
  );
  for (let i = 0; i < 10 && !container.querySelector('[data-testid="address-save"]'); i++) await settle();
  return container;
}

function field(container: HTMLElement, label: string): HTMLInputElement {
  const el = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const input = el ? container.querySelector<HTMLInputElement>(`#${CSS.escape(el.htmlFor)}`) : null;
  if (!input) throw new Error(`no field ${label}`);
  return input;
}

describe('the add-address form', () => {
  it('stops a form the server would refuse before sending it, naming each field', async () => {
    const container = await showForm(vi.fn() as unknown as NavigateFn);
    fire.click(container.querySelector('[data-testid="address-save"]') as Element);
    await settle();
    expect(container.querySelector('[data-testid="field-error-name"]')?.textContent).toBe(
      FIELD_MESSAGES.addressName['zh-CN'],
    );
    expect(container.querySelector('[data-testid="field-error-region"]')?.textContent).toBe(
      FIELD_MESSAGES.regionCode['zh-CN'],
    );
    expect(sent.filter((s) => s.path === '/address/add')).toHaveLength(0);
  });

  it('shows the server’s own field messages next to the fields, and returns to the order once saved', async () => {
    const navigate = vi.fn() as unknown as NavigateFn;
    const container = await showForm(navigate, 'edit');
    expect(field(container, '收货人').value).toBe('王五');
    // The client's rules pass; the server refuses the region and the street, in its words.
    updateAnswer = () =>
      envelope(
        400,
        `body.districtCode ${FIELD_MESSAGES.regionCode['zh-CN']}；body.detail ${FIELD_MESSAGES.addressDetail['zh-CN']}`,
        400,
        {
          'body.districtCode': FIELD_MESSAGES.regionCode['zh-CN'],
          'body.detail': FIELD_MESSAGES.addressDetail['zh-CN'],
        },
      );
    fire.click(container.querySelector('[data-testid="address-save"]') as Element);
    for (let i = 0; i < 10 && !container.querySelector('[data-testid="field-error-detail"]'); i++) await settle();
    expect(container.querySelector('[data-testid="field-error-region"]')?.textContent).toBe(
      FIELD_MESSAGES.regionCode['zh-CN'],
    );
    expect(container.querySelector('[data-testid="field-error-detail"]')?.textContent).toBe(
      FIELD_MESSAGES.addressDetail['zh-CN'],
    );
    expect(container.querySelector('[data-testid="field-error-name"]')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    // A save the server accepts goes back to the order, with this address chosen for it.
    fire.input(field(container, '收货人'), '王小五');
    updateAnswer = () => envelope(0, { ...SAVED, name: '王小五' });
    await new Promise((r) => setTimeout(r, 1100)); // the save button is debounced (1000 ms)
    fire.click(container.querySelector('[data-testid="address-save"]') as Element);
    for (let i = 0; i < 10 && vi.mocked(navigate).mock.calls.length === 0; i++) await settle();
    expect(navigate).toHaveBeenCalledWith('/orderConfirm?orderId=ord-00000001&addNo=addr-00000001', { replace: true });
    const update = sent.filter((x) => x.path === '/address/update').at(-1);
    expect(update?.body).toMatchObject({ addNo: 'addr-00000001', name: '王小五', districtCode: '310115' });
  });

  it('explains refusals that name no field in one line', () => {
    const region = '所选省、市、区不存在或不匹配';
    expect(explainRefusal(new CallFailure(new BusinessError(3003, region, 400), region))).toEqual({
      fields: { region },
      general: null,
    });
    expect(explainRefusal(new CallFailure(new HttpStatusError(503, '服务不可用'), '服务不可用'))).toEqual({
      fields: {},
      general: '服务不可用',
    });
  });
});
