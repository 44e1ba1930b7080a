import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal } from '../../shared/testing/answers';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { RiskScreen } from './risk-screen';

const me = vi.hoisted(() => ({ staffId: 'operator-chen', name: '陈运营', roles: ['operator'] as string[] }));
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));
afterEach(() => {
  vi.unstubAllGlobals();
  me.roles = ['operator'];
});

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const version = (v: number, mode: string, extra: Record<string, unknown> = {}) => ({
  id: `rs-000000${v}`,
  version: v,
  name: `春季风控 ${v}`,
  mode,
  canaryPct: null,
  hash: HASH,
  ruleCount: 4,
  basedOn: v > 1 ? v - 1 : null,
  createdBy: { id: 'operator-chen', name: '陈运营' },
  updatedAt: Date.UTC(2026, 11, 1, 2, 30),
  pending: false,
  ...extra,
});
const items = [
  version(5, 'draft'),
  version(4, 'shadow'),
  version(3, 'canary', { canaryPct: 20, pending: true }),
  version(2, 'enforce'),
  version(1, 'off'),
];
const rulesets = () => envelope({ items, features: [] });
const row = (v: number) => screen.getByText(`春季风控 ${v}`).closest('tr') as HTMLElement;
/** The row's buttons and links, in order. */
const actionsOf = (v: number) =>
  [...row(v).querySelectorAll('a, button')].map((b) => b.textContent?.replace(/\s/g, '')).filter(Boolean);

describe('RiskScreen: 规则集', () => {
  it('shows each version by number, its mode as a Chinese tag, the short hash and the time; no ids', async () => {
    stubFetch({ '/console/risk/rulesets': rulesets });
    renderAt(<RiskScreen />, '/risk');
    expect(await screen.findByText('春季风控 5')).toBeTruthy();
    expect(within(row(5)).getByText('草稿')).toBeTruthy();
    expect(within(row(4)).getByText('影子运行')).toBeTruthy();
    expect(within(row(3)).getByText('灰度 20%')).toBeTruthy();
    expect(within(row(3)).getByText('待审批')).toBeTruthy();
    expect(within(row(2)).getByText('已生效')).toBeTruthy();
    expect(within(row(1)).getByText('已停用')).toBeTruthy();
    expect(within(row(4)).getByText('v4')).toBeTruthy();
    expect(within(row(4)).getByText('基于 v3')).toBeTruthy();
    expect(within(row(4)).getByText('a1b2c3d4e5f6')).toBeTruthy();
    expect(within(row(4)).getByText('2026-12-01 10:30')).toBeTruthy();
    expect(screen.queryByText('rs-0000004')).toBeNull();
    expect(screen.queryByText('shadow')).toBeNull();
  });

  it('offers an operator what each mode allows', async () => {
    stubFetch({ '/console/risk/rulesets': rulesets });
    renderAt(<RiskScreen />, '/risk');
    await screen.findByText('春季风控 5');
    expect(actionsOf(5)).toEqual(['编辑', '影子运行', '基于此版本新建']);
    expect(actionsOf(4)).toEqual(['申请灰度', '申请生效', '停用', '影子报告', '查看规则', '基于此版本新建']);
    expect(actionsOf(2)).toEqual(['停用', '影子报告', '查看规则', '基于此版本新建']);
    expect(actionsOf(1)).toEqual(['影子运行', '影子报告', '查看规则', '基于此版本新建']);
    // A request already waits: no second one until it is decided.
    expect((screen.getByRole('button', { name: '申请生效 v3' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: '基于此版本新建 v4' }).getAttribute('href')).toBe(
      '/risk/rulesets/new?from=rs-0000004',
    );
    expect(screen.getByRole('button', { name: /新建规则集/ })).toBeTruthy();
  });

  it('an approver or auditor reads the versions and their reports, and changes nothing', async () => {
    me.roles = ['approver', 'auditor'];
    stubFetch({ '/console/risk/rulesets': rulesets });
    renderAt(<RiskScreen />, '/risk');
    await screen.findByText('春季风控 5');
    expect(actionsOf(5)).toEqual(['查看规则']);
    expect(actionsOf(4)).toEqual(['影子报告', '查看规则']);
    expect(actionsOf(2)).toEqual(['影子报告', '查看规则']);
    expect(screen.queryByRole('button', { name: /新建规则集/ })).toBeNull();
    expect(screen.getByText(/您的岗位只能查看规则集与名单/)).toBeTruthy();
  });

  it('runs a draft in shadow after a confirm', async () => {
    const fetch = stubFetch({
      '/console/risk/rulesets': rulesets,
      '/console/risk/ruleset/mode': () => envelope(version(5, 'shadow')),
    });
    renderAt(<RiskScreen />, '/risk');
    fireEvent.click(await screen.findByRole('button', { name: '影子运行 v5' }));
    expect(await screen.findByText(/影子运行后此版本不能再修改/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^影子运行$/ }));
    expect(await screen.findByText('v5 已开始影子运行')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/risk/ruleset/mode'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 'rs-0000005', mode: 'shadow' });
  });
});

describe('RiskScreen: the request for a second person', () => {
  const open = async (name: string) => {
    renderAt(<RiskScreen />, '/risk');
    fireEvent.click(await screen.findByRole('button', { name }));
    return screen.findByRole('dialog');
  };

  it('refuses a canary without a share (the input keeps it in 1–99) or a reason, before any call', async () => {
    const fetch = stubFetch({ '/console/risk/rulesets': rulesets });
    const dialog = await open('申请灰度 v4');
    expect(within(dialog).getByText('申请灰度：春季风控 4 v4')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('灰度比例'), { target: { value: '' } });
    fireEvent.blur(within(dialog).getByLabelText('灰度比例'));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await within(dialog).findByText('灰度比例为 1–99')).toBeTruthy();
    expect(within(dialog).getByText('请说明申请理由（至少 2 个字）')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/ruleset/request'))).toBe(false);
  });

  it('sends the share and the reason, and says a second person must approve', async () => {
    const fetch = stubFetch({
      '/console/risk/rulesets': rulesets,
      '/console/risk/ruleset/request': () => envelope({ requestId: 'ap-12345678' }),
    });
    const dialog = await open('申请灰度 v4');
    fireEvent.change(within(dialog).getByLabelText('灰度比例'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '影子运行 7 天，复核准确率 96%' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('已提交审批，等待第二人审批')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/ruleset/request'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      id: 'rs-0000004',
      mode: 'canary',
      canaryPct: 30,
      note: '影子运行 7 天，复核准确率 96%',
    });
  });

  it('asks no share to enforce, and shows the refusal of a request already waiting', async () => {
    const fetch = stubFetch({
      '/console/risk/rulesets': rulesets,
      '/console/risk/ruleset/request': () => refusal(409, 6905, '该版本已有待审批的生效申请'),
    });
    const dialog = await open('申请生效 v4');
    expect(within(dialog).queryByLabelText('灰度比例')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '灰度一周无误拦' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await within(dialog).findByText('该版本已有待审批的生效申请')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/ruleset/request'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 'rs-0000004', mode: 'enforce', note: '灰度一周无误拦' });
  });
});

const entry = (extra: Record<string, unknown> = {}) => ({
  id: 'rl-00000001',
  type: 'phone',
  shown: '138****5678',
  reason: '批量注册，同设备 12 个账户',
  source: 'manual',
  owner: { id: 'operator-chen', name: '陈运营' },
  expiresAt: Date.UTC(2026, 11, 31, 16),
  createdAt: Date.UTC(2026, 11, 1, 1, 5),
  ...extra,
});
const lists = (url: URL) =>
  envelope({
    items: [
      entry(),
      entry({ id: 'rl-00000002', type: 'device', shown: 'dev-7f3a9c', source: 'rule', expiresAt: null }),
    ].filter((e) => !url.searchParams.get('type') || e.type === url.searchParams.get('type')),
  });

describe('RiskScreen: 风险名单', () => {
  it('lists the entries with their type, source and term in Chinese, and filters by type in the URL', async () => {
    const fetch = stubFetch({ '/console/risk/lists': lists });
    const { router } = renderAt(<RiskScreen />, '/risk?tab=lists');
    expect(await screen.findByText('138****5678')).toBeTruthy();
    const phone = within(screen.getByText('138****5678').closest('tr') as HTMLElement);
    expect(phone.getByText('手机号')).toBeTruthy();
    expect(phone.getByText('手工')).toBeTruthy();
    expect(phone.getByText('2027-01-01 00:00')).toBeTruthy();
    expect(phone.getByText('2026-12-01 09:05')).toBeTruthy();
    const device = within(screen.getByText('dev-7f3a9c').closest('tr') as HTMLElement);
    expect(device.getByText('设备')).toBeTruthy();
    expect(device.getByText('规则')).toBeTruthy();
    expect(device.getByText('长期')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按类型筛选' }));
    fireEvent.click(await screen.findByTitle('设备'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=lists&type=device'));
    await waitFor(() => expect(screen.queryByText('138****5678')).toBeNull());
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/console/risk/lists?type=device'))).toBe(true);
  });

  it('adds an entry with a reason and a term, or for good', async () => {
    const fetch = stubFetch({
      '/console/risk/lists': lists,
      '/console/risk/lists/add': () => envelope(entry({ id: 'rl-00000003', shown: '139****0000' })),
    });
    renderAt(<RiskScreen />, '/risk?tab=lists');
    fireEvent.click(await screen.findByRole('button', { name: /添\s?加/ }));
    // antd names every dialog by the id `test-id` under test (the tabs hold one too): find it by its title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加到风险名单')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('请填写值')).toBeTruthy();
    expect(within(dialog).getByText('请填写原因（至少 2 个字）')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('值'), { target: { value: '13900000000' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '客户投诉被冒用' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '长期' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('已将 139****0000 加入手机号名单')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/risk/lists/add'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      type: 'phone',
      value: '13900000000',
      reason: '客户投诉被冒用',
      days: null,
    });
  });

  it('removes an entry after a confirm; a reader sees no buttons', async () => {
    const fetch = stubFetch({
      '/console/risk/lists': lists,
      '/console/risk/lists/remove': () => envelope({ removed: true }),
    });
    const first = renderAt(<RiskScreen />, '/risk?tab=lists');
    fireEvent.click(await screen.findByRole('button', { name: '移除 138****5678' }));
    expect(await screen.findByText('将 138****5678 移出手机号名单？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^移\s?除$/ }));
    expect(await screen.findByText('已移除 138****5678')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/risk/lists/remove'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 'rl-00000001' });
    first.unmount();
    me.roles = ['auditor'];
    renderAt(<RiskScreen />, '/risk?tab=lists');
    expect(await screen.findByText('138****5678')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /移除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /添\s?加/ })).toBeNull();
  });
});
