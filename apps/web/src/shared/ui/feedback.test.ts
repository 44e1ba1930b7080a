import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));
vi.mock('./antd-setup', () => ({}));

const { LOADING_DELAY_MS, loadingActive, loadingEnd, loadingStart } = await import('./feedback');

/** Lets the dynamic import of the toast settle after the timers ran. */
const settle = () => vi.dynamicImportSettled();

beforeEach(() => {
  vi.useFakeTimers();
  toast.show.mockClear();
  toast.clear.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('loading indicator', () => {
  it('stays hidden for a call answered within the delay (and closes nothing)', async () => {
    loadingStart('加载中…');
    expect(loadingActive()).toBe(true);
    vi.advanceTimersByTime(LOADING_DELAY_MS - 1);
    loadingEnd();
    vi.advanceTimersByTime(LOADING_DELAY_MS * 3);
    await settle();
    expect(toast.show).not.toHaveBeenCalled();
    expect(toast.clear).not.toHaveBeenCalled();
    expect(loadingActive()).toBe(false);
  });

  it('shows once for nested slow calls and closes when the last one ends', async () => {
    loadingStart('加载中…');
    loadingStart('加载中…');
    vi.advanceTimersByTime(LOADING_DELAY_MS);
    await settle();
    expect(toast.show).toHaveBeenCalledOnce();
    expect(toast.show).toHaveBeenCalledWith(expect.objectContaining({ icon: 'loading', content: '加载中…' }));
    loadingEnd();
    await settle();
    expect(toast.clear).not.toHaveBeenCalled();
    loadingEnd();
    await settle();
    expect(toast.clear).toHaveBeenCalledOnce();
  });
});
