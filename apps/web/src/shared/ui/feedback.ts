/**
 * Toasts and the loading indicator. antd-mobile's Toast (with react-spring) is loaded on first use
 * instead of sitting in the entry chunk: the login screen must paint before any toast can matter.
 * `preloadFeedbackOnFirstInput()` fetches it at the first touch or key press, so the toast a tap
 * may lead to is ready by the time the server answers, and a view nobody touches never loads it.
 */
type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let toastModule: Promise<ToastApi> | undefined;

function loadToast(): Promise<ToastApi> {
  toastModule ??= Promise.all([import('./antd-setup'), import('antd-mobile/es/components/toast')]).then(
    ([, mod]) => mod.default,
  );
  return toastModule;
}

function preloadFeedback(): void {
  void loadToast().catch(() => {
    toastModule = undefined;
  });
}

const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

export function preloadFeedbackOnFirstInput(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): void {
  const onInput = () => {
    for (const type of FIRST_INPUT_EVENTS) target.removeEventListener(type, onInput, true);
    preloadFeedback();
  };
  for (const type of FIRST_INPUT_EVENTS) target.addEventListener(type, onInput, { capture: true, passive: true });
}

/** Last text shown, for tests and for the debug overlay; the DOM toast is the user-facing one. */
export const feedbackLog: string[] = [];

export function showToast(text: string): void {
  feedbackLog.push(text);
  void loadToast().then((Toast) => Toast.show({ content: text, duration: 2500 }));
}

let loadingDepth = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A call answered within this time shows no indicator: no flash of a spinner on a fast answer, and a
 * first view whose calls are fast never downloads the toast code for it.
 */
export const LOADING_DELAY_MS = 300;

/** Shows the loading indicator (after LOADING_DELAY_MS); nested calls share one indicator. */
export function loadingStart(text: string): void {
  loadingDepth += 1;
  if (loadingDepth !== 1) return;
  loadingTimer = setTimeout(() => {
    loadingTimer = undefined;
    void loadToast().then((Toast) => {
      if (loadingDepth > 0) Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
    });
  }, LOADING_DELAY_MS);
}

export function loadingEnd(): void {
  if (loadingDepth === 0) return;
  loadingDepth -= 1;
  if (loadingDepth > 0) return;
  if (loadingTimer !== undefined) {
    // Never shown: nothing to close.
    clearTimeout(loadingTimer);
    loadingTimer = undefined;
    return;
  }
  void loadToast().then((Toast) => {
    if (loadingDepth === 0) Toast.clear();
  });
}

export function loadingActive(): boolean {
  return loadingDepth > 0;
}
