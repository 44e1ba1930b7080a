import { type BridgePath, bridgePathFor, currentHost, type HostInfo, type Platform } from './platform';

/** Names the native hosts inject (docs/decisions/0105-bridge-protocol.md). */
export const IOS_HANDLER = 'elifeBridge';
export const ANDROID_OBJECT = 'ElifeAndroidBridge';
export const HARMONY_OBJECT = 'ElifeHarmonyBridge';
export const PROMPT_PREFIX = 'elifebridge://';
/** Hosts answer asynchronous commands by calling window[CALLBACK_FN](callbackId, jsonString). */
export const CALLBACK_FN = '__elifeBridgeCallback';

export const COMMANDS = {
  embeddedPoint: 'embeddedPoint',
  config: 'config',
  paySign: 'paySign',
  defaultAddress: 'getDefaultAddress',
  location: 'getLocation',
  openMap: 'openMapNavigation',
} as const;
export type Command = (typeof COMMANDS)[keyof typeof COMMANDS];

export interface BridgeMessage {
  command: Command;
  params: unknown;
  callbackId: string;
}

interface IosHandler {
  postMessage(message: unknown): void;
}
interface NativeObject {
  call(command: string, json: string): unknown;
}

export interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> };
  prompt(message?: string, defaultValue?: string): string | null;
  [key: string]: unknown;
}

export class BridgeUnavailableError extends Error {
  override readonly name = 'BridgeUnavailableError';
}

function isNativeObject(value: unknown): value is NativeObject {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'call') === 'function';
}

/** Pending asynchronous answers, by callback id. */
const pending = new Map<string, (json: unknown) => void>();
let nextId = 1;

function installCallback(win: BridgeWindow): void {
  if (typeof win[CALLBACK_FN] === 'function') return;
  win[CALLBACK_FN] = (callbackId: unknown, payload: unknown) => {
    if (typeof callbackId !== 'string') return;
    const resolve = pending.get(callbackId);
    if (!resolve) return;
    pending.delete(callbackId);
    resolve(typeof payload === 'string' ? safeJson(payload) : payload);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends over the old direct app interface (app version < 213). */
function sendDirect(win: BridgeWindow, platform: Platform, message: BridgeMessage): unknown {
  const json = JSON.stringify(message);
  if (platform === 'ios') {
    const handler = win.webkit?.messageHandlers?.[IOS_HANDLER];
    if (!handler) throw new BridgeUnavailableError('iOS message handler missing');
    handler.postMessage(message);
    return undefined;
  }
  const object = win[platform === 'harmony' ? HARMONY_OBJECT : ANDROID_OBJECT];
  if (!isNativeObject(object)) throw new BridgeUnavailableError(`${platform} bridge object missing`);
  return object.call(message.command, json);
}

/** Sends over the prompt-based interface (app version ≥ 213); the host may answer synchronously. */
function sendPrompt(win: BridgeWindow, message: BridgeMessage): unknown {
  const answer = win.prompt(`${PROMPT_PREFIX}${JSON.stringify(message)}`);
  return answer === null || answer === '' ? undefined : safeJson(answer);
}

export interface Bridge {
  readonly host: HostInfo;
  readonly path: BridgePath;
  /** Sends a command; resolves with the host's answer (synchronous return or callback). */
  send(command: Command, params: unknown, timeoutMs?: number): Promise<unknown>;
  /** spec §7: tracking through the embedded-point call; a failure is logged, nothing more. */
  track(event: string, params?: Record<string, string | number | boolean>): void;
  config(options: Record<string, unknown>): Promise<unknown>;
  paySign(order: Record<string, unknown>): Promise<unknown>;
  /** spec §3: the native app returns the default address through a callback. */
  defaultAddress(): Promise<unknown>;
  /** The host's location (GCJ-02, asked with the host's own permission prompt). */
  location(): Promise<unknown>;
  /** Opens a map app's navigation to a point (the host knows which apps are installed). */
  openMap(target: Record<string, unknown>): Promise<unknown>;
}

export function createBridge(win: BridgeWindow, host: HostInfo = currentHost()): Bridge {
  const path = bridgePathFor(host.appVersion);

  function send(command: Command, params: unknown, timeoutMs = 8000): Promise<unknown> {
    if (!host.embedded) return Promise.reject(new BridgeUnavailableError('not running inside the app'));
    installCallback(win);
    const callbackId = `cb${nextId++}`;
    const message: BridgeMessage = { command, params, callbackId };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(callbackId);
        reject(new BridgeUnavailableError(`no answer to ${command}`));
      }, timeoutMs);
      pending.set(callbackId, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      try {
        const immediate = path === 'direct' ? sendDirect(win, host.platform, message) : sendPrompt(win, message);
        if (immediate !== undefined) pending.get(callbackId)?.(immediate);
      } catch (error) {
        clearTimeout(timer);
        pending.delete(callbackId);
        reject(error);
      }
    });
  }

  return {
    host,
    path,
    send,
    track(event, params = {}) {
      send(COMMANDS.embeddedPoint, { event, params, channel: host.channel, ts: Date.now() }).catch((error: unknown) => {
        console.warn('[bridge] tracking failed', event, error);
      });
    },
    config: (options) => send(COMMANDS.config, options),
    paySign: (order) => send(COMMANDS.paySign, order, 30_000),
    defaultAddress: () => send(COMMANDS.defaultAddress, {}, 30_000),
    location: () => send(COMMANDS.location, { coord: 'gcj02' }, 15_000),
    openMap: (target) => send(COMMANDS.openMap, target, 15_000),
  };
}

let shared: Bridge | undefined;

/** The page's bridge, created on first use (after the simulated host, if any, is installed). */
export function bridge(): Bridge {
  shared ??= createBridge(window as unknown as BridgeWindow);
  return shared;
}

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Start-up calls this once the host is known (the demo's simulated host installed, if any). */
export function bridgeReady(): void {
  markReady();
}

/**
 * The bridge once start-up has settled which host the page runs in. A screen that asks the host for
 * something at mount (the default address) uses this: the first screen does not wait for start-up, and
 * the demo's simulated host is installed by it.
 */
export async function settledBridge(): Promise<Bridge> {
  await ready;
  return bridge();
}

/** For the start-up flow after the simulated host changed the UA, and for tests. */
export function resetBridge(): void {
  shared = undefined;
}
