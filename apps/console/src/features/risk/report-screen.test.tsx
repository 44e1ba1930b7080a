import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { percent, RiskReportScreen } from './report-screen';

afterEach(() => vi.unstubAllGlobals());

const summary = (version: number, mode: string) => ({
  id: `rs-0000000${version}`,
  version,
  name: version === 4 ? '春季风控（收紧）' : '春季风控',
  mode,
  canaryPct: null,
  hash: '0123456789abcdef'.repeat(4),
  ruleCount: 2,
  basedOn: null,
  createdBy: { id: 'operator-chen', name: '陈运营' },
  updatedAt: Date.UTC(2026, 11, 1),
  pending: false,
});
const rules = [
  {
    ruleId: 'multi_account',
    name: '同设备多账户',
    action: 'block',
    hits: 1234,
    customers: 87,
    overlap: 1100,
    withheldCents: 1_234_550,
    reviewed: 40,
    precision: 0.965,
  },
  {
    ruleId: 'virtual_new',
    name: '虚拟号新开户',
    action: 'step_up',
    hits: 12,
    customers: 12,
    overlap: 0,
    withheldCents: 0,
    reviewed: 0,
    precision: null,
  },
];
const report = (extra: Record<string, unknown> = {}) =>
  envelope({
    ruleset: summary(4, 'shadow'),
    decisions: 20_000,
    customers: 5321,
    differs: 500,
    rules,
    enforced: summary(2, 'enforce'),
    ...extra,
  });
const path = '/risk/rulesets/:id/report';
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('RiskReportScreen', () => {
  it('heads the report with the version, its mode and hash, and the figures against the enforced version', async () => {
    stubFetch({ '/console/risk/report': () => report() });
    renderAt(<RiskReportScreen />, '/risk/rulesets/rs-00000004/report', path);
    expect(await screen.findByRole('heading', { name: '影子报告：春季风控（收紧） v4' })).toBeTruthy();
    expect(screen.getByText('影子运行')).toBeTruthy();
    expect(screen.getByText('0123456789ab')).toBeTruthy();
    expect(screen.getByText('20,000')).toBeTruthy();
    expect(screen.getByText('5,321')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText('占 2.5%')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();
    expect(screen.getByText('春季风控')).toBeTruthy();
  });

  it('reads each rule: action in Chinese, counts, overlap, value withheld in yuan, reviews and precision', async () => {
    stubFetch({ '/console/risk/report': () => report() });
    renderAt(<RiskReportScreen />, '/risk/rulesets/rs-00000004/report', path);
    await screen.findByText('同设备多账户');
    const first = within(rowOf('同设备多账户'));
    expect(first.getByText('拦截')).toBeTruthy();
    expect(first.getByText('1,234')).toBeTruthy();
    expect(first.getByText('87')).toBeTruthy();
    expect(first.getByText('1,100')).toBeTruthy();
    expect(first.getByText('¥12,345.50')).toBeTruthy();
    expect(first.getByText('40')).toBeTruthy();
    expect(first.getByText('96.5%')).toBeTruthy();
    const second = within(rowOf('虚拟号新开户'));
    expect(second.getByText('短信验证')).toBeTruthy();
    expect(second.getByText('暂无复核')).toBeTruthy();
    expect(second.getByText('¥0.00')).toBeTruthy();
    expect(screen.queryByText('step_up')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '与生效版本重叠' })).toBeTruthy();
  });

  it('without an enforced version there is nothing to compare: no overlap column, no differs', async () => {
    stubFetch({ '/console/risk/report': () => report({ enforced: null }) });
    renderAt(<RiskReportScreen />, '/risk/rulesets/rs-00000004/report', path);
    expect(await screen.findByText('目前没有生效的版本：命中情况不做对比。')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '与生效版本重叠' })).toBeNull();
  });

  it('says so when the version has judged nothing yet', async () => {
    stubFetch({
      '/console/risk/report': () =>
        report({ decisions: 0, customers: 0, differs: 0, rules: rules.map((r) => ({ ...r, hits: 0 })) }),
    });
    renderAt(<RiskReportScreen />, '/risk/rulesets/rs-00000004/report', path);
    expect(await screen.findByText(/此版本还没有判定过任何请求/)).toBeTruthy();
    expect(screen.queryByText('同设备多账户')).toBeNull();
  });

  it('writes shares as percents', () => {
    expect(percent(0.965)).toBe('96.5%');
    expect(percent(1)).toBe('100%');
    expect(percent(0.025)).toBe('2.5%');
  });
});
