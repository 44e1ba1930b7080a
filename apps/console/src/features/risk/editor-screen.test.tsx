import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { RulesetEditorScreen } from './editor-screen';

const me = vi.hoisted(() => ({ staffId: 'operator-chen', name: '陈运营', roles: ['operator'] as string[] }));
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));
afterEach(() => {
  vi.unstubAllGlobals();
  me.roles = ['operator'];
});

const detail = (mode: string) => ({
  id: 'rs-00000004',
  version: 4,
  name: '春季风控',
  mode,
  canaryPct: null,
  hash: 'f'.repeat(64),
  ruleCount: 2,
  basedOn: 3,
  createdBy: { id: 'operator-chen', name: '陈运营' },
  updatedAt: Date.UTC(2026, 11, 1),
  pending: false,
  note: '收紧同设备多账户',
  rules: [
    { id: 'multi_account', name: '同设备多账户', expr: 'device.accounts_1d >= 3', action: 'block' },
    { id: 'listed', name: '名单命中', expr: 'listed.device || listed.phone', action: 'hold' },
  ],
});
const features = [
  { name: 'device.accounts_1d', type: 'int', label: '同一设备 24 小时内登录的账户数' },
  { name: 'phone.virtual', type: 'bool', label: '手机号属于虚拟运营商号段' },
];
const catalogue = () => envelope({ items: [], features });
const invalid = (fields: Record<string, string>) =>
  new Response(JSON.stringify({ code: 6903, data: '规则表达式有误，请按提示修改', fields }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });
const path = '/risk/rulesets/:id';
const sentBody = (fetch: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetch.mock.calls.find(([u]) => String(u).includes('/ruleset/save'))?.[1]?.body));

describe('RulesetEditorScreen', () => {
  it('edits a draft: its rules in rows, the actions in Chinese, the features and examples beside', async () => {
    stubFetch({ '/console/risk/ruleset': () => envelope(detail('draft')), '/console/risk/rulesets': catalogue });
    renderAt(<RulesetEditorScreen />, '/risk/rulesets/rs-00000004', path);
    expect(await screen.findByRole('heading', { name: '编辑规则集：春季风控 v4' })).toBeTruthy();
    expect((screen.getByLabelText('规则 1 表达式') as HTMLTextAreaElement).value).toBe('device.accounts_1d >= 3');
    expect(within(screen.getByTestId('rule-1')).getByText('冻结待审')).toBeTruthy();
    expect(await screen.findByText('device.accounts_1d')).toBeTruthy();
    expect(screen.getByText('同一设备 24 小时内登录的账户数')).toBeTruthy();
    expect(screen.getByText('整数')).toBeTruthy();
    expect(screen.getByText('phone.virtual && customer.age_min < 60')).toBeTruthy();
  });

  it("puts the server's message for rules.1.expr on the second rule's expression", async () => {
    const fetch = stubFetch({
      '/console/risk/ruleset': () => envelope(detail('draft')),
      '/console/risk/rulesets': catalogue,
      '/console/risk/ruleset/save': () =>
        invalid({ 'body.rules.1.expr': '未知的特征 list.devic（第 6 个字符）', 'rules.0.id': '规则编号重复' }),
    });
    renderAt(<RulesetEditorScreen />, '/risk/rulesets/rs-00000004', path);
    fireEvent.click(await screen.findByRole('button', { name: '保存草稿' }));
    const second = screen.getByTestId('rule-1');
    expect(await within(second).findByText('未知的特征 list.devic（第 6 个字符）')).toBeTruthy();
    expect(within(screen.getByTestId('rule-0')).getByText('规则编号重复')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('规则表达式有误，请按提示修改（共 2 处）');
    expect(sentBody(fetch)).toMatchObject({ id: 'rs-00000004', name: '春季风控', rules: detail('draft').rules });
  });

  it('adds and removes rows, and checks a new row before sending it', async () => {
    const fetch = stubFetch({
      '/console/risk/ruleset': () => envelope(detail('draft')),
      '/console/risk/rulesets': catalogue,
    });
    renderAt(<RulesetEditorScreen />, '/risk/rulesets/rs-00000004', path);
    fireEvent.click(await screen.findByRole('button', { name: /添加规则/ }));
    expect(await screen.findByText('规则（3）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('规则 3 规则编号'), { target: { value: '9Bad' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    const third = screen.getByTestId('rule-2');
    expect(await within(third).findByText('规则编号须为 2–40 位小写字母、数字或下划线，以字母开头')).toBeTruthy();
    expect(within(third).getByText('请填写表达式')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除规则 1' }));
    await waitFor(() => expect(screen.getByText('规则（2）')).toBeTruthy());
    expect((screen.getByLabelText('规则 1 规则名称') as HTMLInputElement).value).toBe('名单命中');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/ruleset/save'))).toBe(false);
  });

  it('基于此版本新建: starts from the base and saves a new draft with basedOn, never over it', async () => {
    const fetch = stubFetch({
      '/console/risk/ruleset': () => envelope(detail('enforce')),
      '/console/risk/rulesets': catalogue,
      '/console/risk/ruleset/save': () => envelope({ ...detail('draft'), id: 'rs-00000006', version: 6 }),
    });
    const { router } = renderAt(<RulesetEditorScreen />, '/risk/rulesets/new?from=rs-00000004', path);
    expect(await screen.findByRole('heading', { name: '基于 v4 新建规则集' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/rulesets/rs-00000006'));
    const body = sentBody(fetch);
    expect(body.id).toBeUndefined();
    expect(body).toMatchObject({ basedOn: 'rs-00000004', name: '春季风控', note: '收紧同设备多账户' });
    expect(body.rules).toHaveLength(2);
  });

  it('a version that has run is read only, with the way to a new draft', async () => {
    stubFetch({ '/console/risk/ruleset': () => envelope(detail('shadow')), '/console/risk/rulesets': catalogue });
    renderAt(<RulesetEditorScreen />, '/risk/rulesets/rs-00000004', path);
    expect(await screen.findByRole('heading', { name: '规则集：春季风控 v4' })).toBeTruthy();
    expect(screen.getByText(/此版本已运行过，不能再修改/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存草稿' })).toBeNull();
    expect(screen.getByRole('link', { name: '基于此版本新建' }).getAttribute('href')).toBe(
      '/risk/rulesets/new?from=rs-00000004',
    );
    expect(screen.queryByRole('button', { name: /添加规则/ })).toBeNull();
    expect((screen.getByLabelText('规则 1 表达式') as HTMLTextAreaElement).disabled).toBe(true);
  });
});
