/**
 * Toasts and the loading indicator. antd-mobile's Toast (with react-spring) is loaded on first use
 * instead of sitting in the entry chunk: the login screen must paint before any toast can matter.
 * `preloadFeedback()` fetches it while the browser is idle, so the first real toast is instant.
 */
type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let toastModule: Promise<ToastApi> | undefined;

function loadToast(): Promise<ToastApi> {
  toastModule ??= Promise.all([import('./antd-setup'), import('antd-mobile/es/components/toast')]).then(
    ([, mod]) => mod.default,
  );
  return toastModule;
}

export function preloadFeedback(): void {
  void loadToast().catch(() => {
    toastModule = undefined;
  });
}

/** Last text shown, for tests and for the debug overlay; the DOM toast is the user-facing one. */
export const feedbackLog: string[] = [];

export function showToast(text: string): void {
  feedbackLog.push(text);
  void loadToast().then((Toast) => Toast.show({ content: text, duration: 2500 }));
}

let loadingDepth = 0;

/** Shows the loading indicator; nested calls share one indicator. */
export function loadingStart(text: string): void {
  loadingDepth += 1;
  if (loadingDepth !== 1) return;
  void loadToast().then((Toast) => {
    if (loadingDepth > 0) Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
  });
}

export function loadingEnd(): void {
  if (loadingDepth === 0) return;
  loadingDepth -= 1;
  if (loadingDepth > 0) return;
  void loadToast().then((Toast) => {
    if (loadingDepth === 0) Toast.clear();
  });
}

export function loadingActive(): boolean {
  return loadingDepth > 0;
}
