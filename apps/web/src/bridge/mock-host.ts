import { ANDROID_OBJECT, type BridgeMessage, CALLBACK_FN, HARMONY_OBJECT, IOS_HANDLER, PROMPT_PREFIX } from './bridge';
import { DEMO_ADDRESS_TEXT, MOCK_PAY_FAILED } from './mock-host-messages';
import { DEFAULT_APP_VERSION, type Platform, setUserAgentOverride } from './platform';

/**
 * A simulated native host for desktop browsers (demo and dev builds only, `?mockBridge=…`). It
 * installs every interface a real host would — iOS message handler, Android/Harmony objects, the
 * prompt hook — so the demo and the browser tests exercise both bridge paths on every platform.
 *
 * `mockBridge=1` → iOS, lifestyle app, version 1000 (prompt path);
 * `mockBridge=<ios|android|harmony>[-<version>]`, e.g. `android-212` → direct path on Android.
 */
export interface MockHostLogEntry {
  via: 'ios' | 'android' | 'harmony' | 'prompt';
  command: string;
  params: unknown;
}

/** The host's default address (spec §3): names and GB/T 2260 codes, as a real host sends them. */
const DEMO_ADDRESS = {
  name: DEMO_ADDRESS_TEXT.name,
  mobile: '13800138000',
  provinceName: DEMO_ADDRESS_TEXT.provinceName,
  provinceCode: '310000',
  cityName: DEMO_ADDRESS_TEXT.cityName,
  cityCode: '310100',
  districtName: DEMO_ADDRESS_TEXT.districtName,
  districtCode: '310115',
  detail: DEMO_ADDRESS_TEXT.detail,
  isDefault: true,
};

/**
 * The simulated payment: the host pays exactly what the server signed and echoes its paymentId
 * (docs/decisions/0130). `sessionStorage.MOCK_PAY_RESULT = 'cancelled' | 'failed'` lets a demo show the
 * other outcomes.
 */
function payAnswer(params: unknown): unknown {
  const wanted = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem('MOCK_PAY_RESULT');
  if (wanted === 'cancelled') return { ok: false, status: 'cancelled' };
  if (wanted === 'failed') return { ok: false, status: 'failed', message: MOCK_PAY_FAILED };
  const paymentId: unknown =
    typeof params === 'object' && params !== null ? Reflect.get(params, 'paymentId') : undefined;
  const signed = typeof params === 'object' && params !== null && typeof Reflect.get(params, 'sign') === 'string';
  if (typeof paymentId !== 'string' || !signed) return { ok: false, status: 'failed', message: 'unsigned payment' };
  return { ok: true, status: 'paid', paymentId };
}

const SIMULATED_UA: Record<Exclude<Platform, 'other'>, string> = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36',
  harmony: 'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) ArkWeb/4.1.6.1 Mobile',
};

export function parseMockFlag(flag: string): { platform: Exclude<Platform, 'other'>; version: number } {
  const [name = '', version] = flag.toLowerCase().split('-');
  const platform = name === 'android' || name === 'harmony' || name === 'ios' ? name : 'ios';
  const parsed = Number(version);
  return { platform, version: Number.isSafeInteger(parsed) && parsed > 0 ? parsed : DEFAULT_APP_VERSION };
}

function answer(message: BridgeMessage): unknown {
  switch (message.command) {
    case 'config':
      return { ok: true, appVersion: '1000', channel: 'simulated' };
    case 'paySign':
      return payAnswer(message.params);
    case 'getDefaultAddress':
      return DEMO_ADDRESS;
    case 'embeddedPoint':
      return { ok: true };
    case 'getLocation':
      // The Bund, Shanghai (GCJ-02), as a host app reports it.
      return { ok: true, coord: 'gcj02', lng: 121.490317, lat: 31.241701 };
    case 'openMapNavigation':
      return { ok: true, opened: (message.params as { app?: unknown } | null)?.app ?? 'amap' };
  }
}

function versionString(version: number): string {
  return String(version).split('').join('.');
}

export function installMockHost(
  flag: string,
  win: Window & Record<string, unknown> = window as never,
): MockHostLogEntry[] {
  const { platform, version } = parseMockFlag(flag);
  setUserAgentOverride(`${SIMULATED_UA[platform]} ElifeApp/${versionString(version)}`);
  const log: MockHostLogEntry[] = [];
  win.__mockBridgeLog = log;

  const reply = (message: BridgeMessage) => {
    // Native hosts answer on a later task, through the callback function.
    setTimeout(() => {
      const callback = win[CALLBACK_FN];
      if (typeof callback === 'function') callback(message.callbackId, JSON.stringify(answer(message)));
    }, 30);
  };

  const webkit = {
    messageHandlers: {
      [IOS_HANDLER]: {
        postMessage: (m: BridgeMessage) => {
          log.push({ via: 'ios', command: m.command, params: m.params });
          reply(m);
        },
      },
    },
  };
  Object.defineProperty(win, 'webkit', { value: webkit, configurable: true });

  const nativeObject = (via: 'android' | 'harmony') => ({
    call: (_command: string, json: string) => {
      const m = JSON.parse(json) as BridgeMessage;
      log.push({ via, command: m.command, params: m.params });
      reply(m);
      return undefined;
    },
  });
  win[ANDROID_OBJECT] = nativeObject('android');
  win[HARMONY_OBJECT] = nativeObject('harmony');

  const originalPrompt: Window['prompt'] = typeof win.prompt === 'function' ? win.prompt.bind(win) : () => null;
  win.prompt = (text?: string, defaultValue?: string) => {
    if (!text?.startsWith(PROMPT_PREFIX)) return originalPrompt(text, defaultValue);
    const m = JSON.parse(text.slice(PROMPT_PREFIX.length)) as BridgeMessage;
    log.push({ via: 'prompt', command: m.command, params: m.params });
    // The prompt path answers synchronously, like a webview's onJsPrompt handler.
    return JSON.stringify(answer(m));
  };
  return log;
}
