import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { RiskScreen } from './risk-screen';

const me = vi.hoisted(() => ({ staffId: 'approver-wang', name: '王审批', roles: ['approver'] as string[] }));
vi.mock('react-router', async (load) => ({
  ...(await load<typeof import('react-router')>()),
  useOutletContext: () => me,
}));
afterEach(() => {
  vi.unstubAllGlobals();
  me.roles = ['approver'];
});

const HOUR = 3_600_000;
const line = (label: string, value: string) => ({ label, value });
const base = {
  subject: 'aw-00000001',
  requestedBy: { id: 'system', name: '系统（自动提交）' },
  requestedAt: Date.UTC(2026, 11, 1, 2, 30),
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  canDecide: true,
};
const held = (n: number, device: string | null, ip: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  id: `ap-hold000${n}`,
  kind: 'prize-award',
  title: `风控冻结 五十元券 ¥50.00 #${n}`,
  context: [
    line('原因', '命中风控规则，奖品冻结待人工复核'),
    line('命中规则', 'repeat'),
    line('风控决定编号', `rd-0000000${n}`),
    ...(device ? [line('设备', device)] : []),
    line('IP', ip),
    line('奖品价值', '¥50.00'),
    line('客户', `138****000${n}`),
  ],
  dueAt: Date.now() + 5 * HOUR - 60_000,
  ...extra,
});
const appeal = {
  ...base,
  id: 'ap-appeal001',
  kind: 'risk-appeal',
  title: '风控申诉 138****0009',
  context: [
    line('客户', '138****0009'),
    line('命中规则', 'listed_phone'),
    line('设备', '未授权'),
    line('IP', '10.0.0.9'),
  ],
  dueAt: Date.now() - HOUR,
};
const ruleset = {
  ...base,
  id: 'ap-rules001',
  kind: 'risk-ruleset',
  title: '风控规则 v2「防羊毛」全量生效',
  requestedBy: { id: 'operator-chen', name: '陈运营' },
  context: [
    line('申请', '全量生效'),
    line('理由', '影子运行一天，命中准确'),
    line('规则差异', '+ 新增 repeat「一天内第二次参与」冻结待审：customer.draws_1d >= 2\n- 删除 old「旧规则」'),
  ],
  dueAt: Date.now() + 30 * HOUR,
};
const pending = [
  held(1, 'dev-A', '10.0.0.1'),
  held(2, 'dev-A', '10.0.0.2'),
  held(3, null, '10.0.0.1'),
  appeal,
  ruleset,
];
const decided = {
  canDecide: false,
  decidedBy: { id: 'approver-wang', name: '王审批' },
  decidedAt: Date.UTC(2026, 11, 1, 3),
};
const done = [
  held(4, 'dev-B', '10.0.0.4', { ...decided, status: 'approved' }),
  { ...appeal, ...decided, id: 'ap-appeal002', title: '风控申诉 138****0008', status: 'rejected' },
];
const queue = (url: URL) => {
  const kind = url.searchParams.get('kind');
  const items = url.searchParams.get('status') === 'done' ? done : pending;
  return envelope({ items: items.filter((c) => !kind || c.kind === kind) });
};
const row = (title: string) => screen.getByRole('button', { name: `查看详情：${title}` }).closest('tr') as HTMLElement;
/** antd spaces a two-character button's text (放 行): its name, either way. */
const word = (w: string) => new RegExp(`^${[...w].join('\\s?')}$`);
const sentBody = (fetch: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetch.mock.calls.find(([u]) => String(u).includes('/console/requests/decide'))?.[1]?.body));
const open = async (url = '/risk?tab=queue') => {
  const view = renderAt(<RiskScreen />, url);
  await screen.findByRole('button', { name: `查看详情：${pending[0]?.title}` });
  return view;
};

describe('复核队列: the cases', () => {
  it('lists each case with its kind, time, deadline and key lines; no ids, overdue in red', async () => {
    stubFetch({ '/console/requests': queue });
    await open();
    const first = within(row('风控冻结 五十元券 ¥50.00 #1'));
    expect(first.getByText('冻结奖品')).toBeTruthy();
    expect(first.getByText('2026-12-01 10:30')).toBeTruthy();
    expect(first.getByText('剩余 5 小时')).toBeTruthy();
    expect(first.getByText('repeat')).toBeTruthy();
    expect(first.getByText('138****0001')).toBeTruthy();
    expect(first.getByText('¥50.00')).toBeTruthy();
    const late = within(row('风控申诉 138****0009'));
    expect(late.getByText('风控申诉')).toBeTruthy();
    expect(late.getByText('已超时').closest('[data-overdue="true"]')).toBeTruthy();
    expect(within(row('风控规则 v2「防羊毛」全量生效')).getByText('剩余 30 小时')).toBeTruthy();
    expect(screen.queryByText(/ap-hold/)).toBeNull();
    expect(screen.queryByText('prize-award')).toBeNull();
  });

  it('groups by device or by address, the largest group first and the cases without one under 其他', async () => {
    stubFetch({ '/console/requests': queue });
    const { router } = await open();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '分组' }));
    fireEvent.click(await screen.findByTitle('按设备'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=queue&group=device'));
    const groups = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    // The appeal's device line says 未授权 (no device id allowed): no device to group by.
    expect(groups).toEqual(['dev-A', '其他（无设备）']);
    const devA = within(screen.getByRole('region', { name: 'dev-A' }));
    expect(devA.getByText('2 项')).toBeTruthy();
    expect(devA.getAllByRole('button', { name: /^查看详情/ })).toHaveLength(2);
    const other = within(screen.getByRole('region', { name: '其他（无设备）' }));
    expect(other.getAllByRole('button', { name: /^查看详情/ }).map((b) => b.textContent)).toEqual([
      '风控冻结 五十元券 ¥50.00 #3',
      '风控申诉 138****0009',
      '风控规则 v2「防羊毛」全量生效',
    ]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '分组' }));
    fireEvent.click(await screen.findByTitle('按 IP'));
    await waitFor(() => expect(screen.getByRole('region', { name: '10.0.0.1' })).toBeTruthy());
    expect(within(screen.getByRole('region', { name: '10.0.0.1' })).getByText('2 项')).toBeTruthy();
    expect(screen.getAllByRole('region').at(-1)?.getAttribute('aria-label')).toBe('其他（无IP）');
  });

  it('filters by kind and shows the decided cases with who decided, offering no decision', async () => {
    const fetch = stubFetch({ '/console/requests': queue });
    const { router } = await open();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按类型筛选' }));
    fireEvent.click(await screen.findByTitle('风控申诉'));
    await waitFor(() => expect(screen.queryByText('风控冻结 五十元券 ¥50.00 #1')).toBeNull());
    expect(router.state.location.search).toBe('?tab=queue&kind=risk-appeal');
    expect(
      fetch.mock.calls.some(([u]) => String(u).includes('/console/requests?kind=risk-appeal&status=pending')),
    ).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: '已处理' }));
    expect(await screen.findByText('王审批 · 2026-12-01 11:00')).toBeTruthy();
    expect(within(row('风控申诉 138****0008')).getByText('已驳回')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=queue&kind=risk-appeal&status=done');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^放行/ })).toBeNull();
  });
});

describe('复核队列: decisions', () => {
  const select = (title: string) => fireEvent.click(within(row(title)).getByRole('checkbox'));

  it('releases the selected held prizes in bulk (放行), says how many, and lists the refused ones in Chinese', async () => {
    const fetch = stubFetch({
      '/console/requests': queue,
      '/console/requests/decide': () =>
        envelope({ decided: ['ap-hold0001'], refused: [{ id: 'ap-hold0002', message: '该申请已由他人处理' }] }),
    });
    await open();
    expect((screen.getByRole('button', { name: word('通过') }) as HTMLButtonElement).disabled).toBe(true);
    select('风控冻结 五十元券 ¥50.00 #1');
    select('风控冻结 五十元券 ¥50.00 #2');
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: word('放行') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('放行（2 项）')).toBeTruthy();
    expect(within(dialog).getByText(/放行后奖品即发放给客户/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定放行' }));
    expect(await screen.findByText('已处理 1 项')).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ids: ['ap-hold0001', 'ap-hold0002'], decision: 'approve' });
    const refused = await screen.findByText('1 项未能处理：');
    expect(
      within(refused.closest('[role="alert"]') as HTMLElement).getByText(
        '风控冻结 五十元券 ¥50.00 #2：该申请已由他人处理',
      ),
    ).toBeTruthy();
  });

  it('asks a reason of at least 2 characters to return a prize (退回), before any call', async () => {
    const fetch = stubFetch({
      '/console/requests': queue,
      '/console/requests/decide': () => envelope({ decided: ['ap-hold0003'], refused: [] }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '退回：风控冻结 五十元券 ¥50.00 #3' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('意见'), { target: { value: ' 退' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定退回' }));
    expect(await within(dialog).findByText('请填写意见（至少 2 个字）')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/console/requests/decide'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('意见'), { target: { value: '同设备多账户，批量注册' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定退回' }));
    expect(await screen.findByText('已处理 1 项')).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ids: ['ap-hold0003'], decision: 'reject', comment: '同设备多账户，批量注册' });
  });

  it('names the decisions by kind, and mixed selections 通过 / 驳回', async () => {
    stubFetch({ '/console/requests': queue });
    await open();
    expect(within(row('风控申诉 138****0009')).getByRole('button', { name: /^申诉成立/ })).toBeTruthy();
    expect(within(row('风控申诉 138****0009')).getByRole('button', { name: /^驳回申诉/ })).toBeTruthy();
    expect(within(row('风控规则 v2「防羊毛」全量生效')).getByRole('button', { name: /^批准生效/ })).toBeTruthy();
    select('风控申诉 138****0009');
    expect(screen.getByRole('button', { name: '申诉成立' })).toBeTruthy();
    select('风控冻结 五十元券 ¥50.00 #1');
    expect(screen.getByRole('button', { name: word('通过') })).toBeTruthy();
    expect(screen.getByRole('button', { name: word('驳回') })).toBeTruthy();
  });

  it('opens a ruleset request whole: the rule diff keeps its lines; approved from the drawer', async () => {
    const fetch = stubFetch({
      '/console/requests': queue,
      '/console/requests/decide': () => envelope({ decided: ['ap-rules001'], refused: [] }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '查看详情：风控规则 v2「防羊毛」全量生效' }));
    const drawer = await screen.findByRole('dialog');
    const diff = within(drawer).getByText(/\+ 新增 repeat/);
    expect(diff.textContent).toContain('customer.draws_1d >= 2\n- 删除 old');
    expect(diff.className).toContain('risk-case-value');
    expect(within(drawer).getByText('陈运营')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '批准生效' }));
    const dialogs = await screen.findAllByRole('dialog');
    const confirm = dialogs.find((d) => within(d).queryByText('批准生效（1 项）')) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '确定批准生效' }));
    expect(await screen.findByText('已处理 1 项')).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ids: ['ap-rules001'], decision: 'approve' });
  });
});

describe('复核队列: a list import', () => {
  it('shows the checker its counts and masked samples, and approves it as 批准导入', async () => {
    const imported = {
      ...base,
      id: 'ap-import001',
      kind: 'risk-list-import',
      title: '风险名单批量导入 3 条',
      requestedBy: { id: 'operator-chen', name: '陈运营' },
      context: [
        line('导入条数', '3 条（新增 2 条，已在名单中将更新 1 条）'),
        line('按类型', '手机号 2 条、身份证号 1 条'),
        line('样例', '手机号 138****7002：接码平台号码（长期）\n身份证号 110***********002X：冒用证件（长期）'),
        line('来源', 'CSV 导入（UTF-8），手机号与身份证号仅存加密摘要'),
      ],
      dueAt: Date.now() + 40 * HOUR,
    };
    const fetch = stubFetch({
      '/console/requests': (url) =>
        url.searchParams.get('status') === 'done'
          ? envelope({ items: [] })
          : envelope({ items: [imported, ...pending] }),
      '/console/requests/decide': () => envelope({ decided: ['ap-import001'], refused: [] }),
    });
    await open();
    const r = row('风险名单批量导入 3 条');
    expect(within(r).getByText('名单导入')).toBeTruthy();
    expect(within(r).getByText('3 条（新增 2 条，已在名单中将更新 1 条）')).toBeTruthy();
    expect(within(r).getByText(/138\*\*\*\*7002/)).toBeTruthy();
    fireEvent.click(within(r).getByRole('button', { name: '查看详情：风险名单批量导入 3 条' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/110\*{11}002X/)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '批准导入' }));
    const dialogs = await screen.findAllByRole('dialog');
    const confirm = dialogs.find((d) => within(d).queryByText('批准导入（1 项）')) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '确定批准导入' }));
    expect(await screen.findByText('已处理 1 项')).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ids: ['ap-import001'], decision: 'approve' });
  });
});

describe('复核队列: reversing a decision', () => {
  it('a decided appeal is asked to be reversed with a reason, sent for a second person', async () => {
    const fetch = stubFetch({
      '/console/requests': queue,
      '/console/risk/reversal': () =>
        envelope({ requestId: 'ap-rev00001', requestedBy: { id: 'approver-wang', name: '王审批' } }),
    });
    renderAt(<RiskScreen />, '/risk?tab=queue&status=done');
    fireEvent.click(await screen.findByRole('button', { name: '查看详情：风控申诉 138****0008' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: '申请撤销' }));
    const dialogs = await screen.findAllByRole('dialog');
    const ask = dialogs.find((d) => within(d).queryByText('申请撤销复核结果')) as HTMLElement;
    fireEvent.click(within(ask).getByRole('button', { name: '提交撤销申请' }));
    expect(await within(ask).findByText('请说明撤销理由（至少 2 个字）')).toBeTruthy();
    fireEvent.change(within(ask).getByLabelText('撤销理由'), { target: { value: '客户补充了身份证明' } });
    fireEvent.click(within(ask).getByRole('button', { name: '提交撤销申请' }));
    expect(await screen.findByText('撤销申请已提交，待另一位审批人批准')).toBeTruthy();
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/console/risk/reversal'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 'ap-appeal002', reason: '客户补充了身份证明' });
  });

  it('a pending case and a released prize offer no reversal, and an auditor is offered none', async () => {
    stubFetch({ '/console/requests': queue });
    const first = await open();
    fireEvent.click(screen.getByRole('button', { name: `查看详情：${appeal.title}` }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: '申请撤销' })).toBeNull();
    first.unmount();
    const done = renderAt(<RiskScreen />, '/risk?tab=queue&status=done');
    fireEvent.click(await screen.findByRole('button', { name: '查看详情：风控冻结 五十元券 ¥50.00 #4' }));
    const released = await screen.findByRole('dialog');
    expect(within(released).getByText('已通过')).toBeTruthy();
    expect(within(released).queryByRole('button', { name: '申请撤销' })).toBeNull();
    done.unmount();
    me.roles = ['auditor'];
    renderAt(<RiskScreen />, '/risk?tab=queue&status=done');
    fireEvent.click(await screen.findByRole('button', { name: '查看详情：风控申诉 138****0008' }));
    const read = await screen.findByRole('dialog');
    expect(within(read).queryByRole('button', { name: '申请撤销' })).toBeNull();
  });
});

describe('复核队列: who sees it', () => {
  it('an auditor reads the queue: no selection, no decisions', async () => {
    me.roles = ['auditor'];
    stubFetch({ '/console/requests': queue });
    await open();
    expect(screen.getByText(/您的岗位只能查看复核队列/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^放行/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看详情：风控申诉 138****0009' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('10.0.0.9')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '申诉成立' })).toBeNull();
  });

  it('an approver cannot decide their own request; an operator has no queue tab', async () => {
    stubFetch({
      '/console/requests': (url) =>
        envelope({ items: [held(1, 'dev-A', '10.0.0.1'), { ...ruleset, canDecide: false }].filter(() => url) }),
      '/console/risk/rulesets': () => envelope({ items: [], features: [] }),
    });
    const first = await open();
    const own = within(row('风控规则 v2「防羊毛」全量生效'));
    expect((own.getByRole('button', { name: /^批准生效/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((own.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    first.unmount();
    me.roles = ['operator'];
    renderAt(<RiskScreen />, '/risk?tab=queue');
    expect(await screen.findByRole('tab', { name: '规则集' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '复核队列' })).toBeNull();
    expect(screen.getByRole('tab', { name: '规则集' }).getAttribute('aria-selected')).toBe('true');
  });
});
