import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderAt, stubFetch } from '../../shared/testing/render';
import { pollEvery, REPLAY_POLL_MS, replayProgress } from './replay-model';
import { ReplayPanel } from './replay-panel';

afterEach(() => vi.unstubAllGlobals());

const job = (over: object = {}) => ({
  id: 'rj-00000001',
  rulesetId: 'rs-00000004',
  actId: 'wheel-spring',
  state: 'running',
  done: 0,
  total: 1_000_000,
  result: null,
  createdAt: Date.UTC(2026, 11, 2),
  finishedAt: null,
  ...over,
});
const result = {
  events: 1_000_000,
  acted: 4321,
  customers: 765,
  withheldCents: 1_234_500,
  rules: [{ ruleId: 'multi_account', name: '同设备多账户', hits: 4000, customers: 700, withheldCents: 1_000_000 }],
  checksum: 'fedcba9876543210'.repeat(4),
  ms: 41_234,
};

describe('the replay progress', () => {
  it('moves with the pages read, never shows 100% before the figures, and says when it can be stopped', () => {
    expect(replayProgress({ state: 'running', done: 250_000, total: 1_000_000 })).toEqual({
      percent: 25,
      status: 'active',
      cancellable: true,
    });
    expect(replayProgress({ state: 'running', done: 1_000_000, total: 1_000_000 }).percent).toBe(99);
    expect(replayProgress({ state: 'running', done: 0, total: 0 }).percent).toBe(0);
    expect(replayProgress({ state: 'done', done: 1_000_000, total: 1_000_000 })).toEqual({
      percent: 100,
      status: 'success',
      cancellable: false,
    });
    expect(replayProgress({ state: 'done', done: 0, total: 0 }).percent).toBe(100);
    expect(replayProgress({ state: 'cancelled', done: 5000, total: 20_000 })).toEqual({
      percent: 25,
      status: 'normal',
      cancellable: false,
    });
    expect(replayProgress({ state: 'failed', done: 5000, total: 20_000 }).status).toBe('exception');
  });

  it('polls while the job runs and stops once it has ended', () => {
    expect(pollEvery(undefined)).toBe(REPLAY_POLL_MS);
    expect(pollEvery({ state: 'running' })).toBe(REPLAY_POLL_MS);
    for (const state of ['done', 'cancelled', 'failed'] as const) expect(pollEvery({ state })).toBe(false);
  });
});

describe('ReplayPanel', () => {
  it('starts a job for one campaign, shows its progress bar, then the figures once done', async () => {
    let sent: unknown = null;
    let reads = 0;
    stubFetch({
      '/console/risk/replay': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return envelope(job());
      },
      '/console/risk/replay/job': () =>
        envelope(++reads === 1 ? job({ done: 500_000 }) : job({ state: 'done', done: 1_000_000, result })),
    });
    renderAt(<ReplayPanel id="rs-00000004" />);
    fireEvent.change(screen.getByLabelText('活动编号（可选）'), { target: { value: 'wheel-spring' } });
    fireEvent.click(screen.getByRole('button', { name: '开始回放' }));
    expect(await screen.findByText('已读 500,000 / 1,000,000 条记录')).toBeTruthy();
    expect(sent).toEqual({ id: 'rs-00000004', actId: 'wheel-spring' });
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消回放' })).toBeTruthy();
    expect(await screen.findByText('回放完成', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('4,321')).toBeTruthy();
    expect(screen.getByText('765')).toBeTruthy();
    expect(screen.getByText('¥12,345.00')).toBeTruthy();
    expect(screen.getByText('41,234 毫秒')).toBeTruthy();
    expect(screen.getByText('fedcba987654')).toBeTruthy();
    expect(screen.getByText('4,000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消回放' })).toBeNull();
    expect(reads).toBe(2);
  });

  it('stops a running job on 取消回放 and says it gave no figures', async () => {
    let cancelled: unknown = null;
    stubFetch({
      '/console/risk/replay': () => envelope(job()),
      '/console/risk/replay/job': () => envelope(job({ done: 5000 })),
      '/console/risk/replay/cancel': (_url, init) => {
        cancelled = JSON.parse(String(init.body));
        return envelope(job({ state: 'cancelled', done: 5000 }));
      },
    });
    renderAt(<ReplayPanel id="rs-00000004" />);
    fireEvent.click(screen.getByRole('button', { name: '开始回放' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消回放' }));
    expect(await screen.findByText('回放已取消，未得出结果')).toBeTruthy();
    expect(cancelled).toEqual({ id: 'rj-00000001' });
    expect(screen.queryByRole('button', { name: '取消回放' })).toBeNull();
    expect(screen.queryByText('回放完成')).toBeNull();
  });

  it('says a failed job failed, in words, with no figures', async () => {
    stubFetch({
      '/console/risk/replay': () => envelope(job()),
      '/console/risk/replay/job': () => envelope(job({ state: 'failed', done: 5000 })),
    });
    renderAt(<ReplayPanel id="rs-00000004" />);
    fireEvent.click(screen.getByRole('button', { name: '开始回放' }));
    expect(await screen.findByText(/回放失败，请重试/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消回放' })).toBeNull();
  });
});
