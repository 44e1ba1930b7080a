import { describe, expect, it, vi } from 'vitest';
import {
  ANDROID_OBJECT,
  type BridgeWindow,
  CALLBACK_FN,
  createBridge,
  HARMONY_OBJECT,
  IOS_HANDLER,
  PROMPT_PREFIX,
} from './bridge';
import { installMockHost, parseMockFlag } from './mock-host';
import { monitorEnabled, startMonitor } from './monitor';
import { detectHost } from './platform';

function fakeWindow(): BridgeWindow & { posted: unknown[]; prompted: string[] } {
  const posted: unknown[] = [];
  const prompted: string[] = [];
  const win: BridgeWindow & { posted: unknown[]; prompted: string[] } = {
    posted,
    prompted,
    webkit: { messageHandlers: { [IOS_HANDLER]: { postMessage: (m: unknown) => posted.push(m) } } },
    prompt: (text?: string) => {
      prompted.push(text ?? '');
      return JSON.stringify({ ok: true, via: 'prompt' });
    },
    [ANDROID_OBJECT]: { call: (command: string, json: string) => posted.push({ android: command, json }) },
    [HARMONY_OBJECT]: { call: (command: string, json: string) => posted.push({ harmony: command, json }) },
  };
  return win;
}

const ua = (platform: string, version: string) =>
  ({
    ios: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ElifeApp/${version}`,
    android: `Mozilla/5.0 (Linux; Android 14) ElifeApp/${version}`,
    harmony: `Mozilla/5.0 (Phone; OpenHarmony 4.1) ElifeApp/${version}`,
  })[platform] ?? '';

describe('bridge path selection (spec §9)', () => {
  it('version < 213 on iOS posts to the message handler and waits for the callback', async () => {
    const win = fakeWindow();
    const bridge = createBridge(win, detectHost(ua('ios', '2.1.2')));
    expect(bridge.path).toBe('direct');
    const pending = bridge.config({ a: 1 });
    expect(win.prompted).toEqual([]);
    const message = win.posted[0] as { command: string; callbackId: string };
    expect(message.command).toBe('config');
    (win[CALLBACK_FN] as (id: string, json: string) => void)(message.callbackId, '{"ok":true}');
    await expect(pending).resolves.toEqual({ ok: true });
  });

  it('version < 213 on Android and Harmony calls the injected object', () => {
    for (const platform of ['android', 'harmony'] as const) {
      const win = fakeWindow();
      void createBridge(win, detectHost(ua(platform, '2.0.0')))
        .paySign({ order: 'o1' })
        .catch(() => undefined);
      expect(win.posted[0]).toMatchObject({ [platform]: 'paySign' });
    }
  });

  it('version ≥ 213 uses the prompt path and takes a synchronous answer', async () => {
    const win = fakeWindow();
    const bridge = createBridge(win, detectHost(ua('android', '2.1.3')));
    expect(bridge.path).toBe('prompt');
    await expect(bridge.defaultAddress()).resolves.toEqual({ ok: true, via: 'prompt' });
    expect(win.prompted[0]?.startsWith(PROMPT_PREFIX)).toBe(true);
    expect(JSON.parse(win.prompted[0]?.slice(PROMPT_PREFIX.length) ?? '{}').command).toBe('getDefaultAddress');
    expect(win.posted).toEqual([]);
  });

  it('outside the app every command is refused', async () => {
    const bridge = createBridge(fakeWindow(), detectHost('Mozilla/5.0 (iPhone)'));
    await expect(bridge.config({})).rejects.toThrow(/not running inside the app/);
  });

  it('tracking goes through the embedded-point call; a failure is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = fakeWindow();
    win.prompt = () => {
      throw new Error('host crashed');
    };
    const bridge = createBridge(win, detectHost(ua('ios', '3.0.0')));
    expect(() => bridge.track('page_view', { page: 'login' })).not.toThrow();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[bridge] tracking failed', 'page_view', expect.any(Error)),
    );
    warn.mockRestore();
    const ok = fakeWindow();
    createBridge(ok, detectHost(ua('ios', '3.0.0'))).track('tap', { id: 1 });
    const sent = JSON.parse(ok.prompted[0]?.slice(PROMPT_PREFIX.length) ?? '{}');
    expect(sent).toMatchObject({ command: 'embeddedPoint', params: { event: 'tap', params: { id: 1 }, channel: 315 } });
  });
});

describe('simulated host (demo/dev)', () => {
  it('parses the flag', () => {
    expect(parseMockFlag('1')).toEqual({ platform: 'ios', version: 1000 });
    expect(parseMockFlag('android-212')).toEqual({ platform: 'android', version: 212 });
    expect(parseMockFlag('harmony')).toEqual({ platform: 'harmony', version: 1000 });
  });

  it('answers the direct and the prompt path', async () => {
    const win = window as unknown as Window & Record<string, unknown>;
    const log = installMockHost('android-212', win);
    const direct = createBridge(win as unknown as BridgeWindow, detectHost(ua('android', '2.1.2')));
    await expect(direct.defaultAddress()).resolves.toMatchObject({ isDefault: true });
    const prompt = createBridge(win as unknown as BridgeWindow, detectHost(ua('ios', '2.1.5')));
    await expect(prompt.paySign({ paymentId: 'pay-12345678', sign: 'ab' })).resolves.toMatchObject({
      ok: true,
      status: 'paid',
      paymentId: 'pay-12345678',
    });
    expect(log.map((e) => e.via)).toEqual(['android', 'prompt']);
  });
});

describe('monitor feature (spec §9)', () => {
  const lists = { primary: ['campaign.bank.example'], secondary: ['*.preview.example'] };
  it('switches on by host-name lists', () => {
    expect(monitorEnabled('campaign.bank.example', lists)).toBe(true);
    expect(monitorEnabled('a.preview.example', lists)).toBe(true);
    expect(monitorEnabled('preview.example', lists)).toBe(false);
    expect(monitorEnabled('other.example', lists)).toBe(false);
    expect(monitorEnabled('anything', { primary: [], secondary: [] })).toBe(false);
  });

  it('reports uncaught errors through tracking', () => {
    const track = vi.fn();
    const stop = startMonitor(window, { track });
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is undefined' }));
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(track).toHaveBeenCalledExactlyOnceWith('monitor_error', { message: 'x is undefined' });
  });
});
