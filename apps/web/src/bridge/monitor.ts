import type { Bridge } from './bridge';

/**
 * spec §9: a host-name check enables a special monitor feature on two host lists. The lists are
 * configuration (VITE_MONITOR_HOSTS_PRIMARY / VITE_MONITOR_HOSTS_SECONDARY, comma separated; a
 * leading "*." matches any sub-domain), not code.
 */
export interface MonitorHostLists {
  primary: readonly string[];
  secondary: readonly string[];
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

export const MONITOR_HOSTS: MonitorHostLists = {
  primary: splitList(import.meta.env.VITE_MONITOR_HOSTS_PRIMARY),
  secondary: splitList(import.meta.env.VITE_MONITOR_HOSTS_SECONDARY),
};

function hostMatches(hostname: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1;
  return hostname === pattern;
}

export function monitorEnabled(hostname: string, lists: MonitorHostLists = MONITOR_HOSTS): boolean {
  const host = hostname.toLowerCase();
  return [...lists.primary, ...lists.secondary].some((pattern) => hostMatches(host, pattern));
}

/** The monitor: uncaught errors and rejected promises are reported through the tracking call. */
export function startMonitor(win: Window, bridge: Pick<Bridge, 'track'>): () => void {
  const onError = (event: ErrorEvent) =>
    bridge.track('monitor_error', { message: String(event.message).slice(0, 200) });
  const onRejection = (event: PromiseRejectionEvent) =>
    bridge.track('monitor_rejection', { message: String(event.reason).slice(0, 200) });
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
