/** spec §9: debounce default 1000 ms. */
export const DEBOUNCE_MS = 1000;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Leading-edge debounce for action buttons: the first tap runs at once, further taps within `wait`
 * ms of the last one are dropped (a double tap must never send a draw or a login twice).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number = DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    const idle = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
    }, wait);
    if (idle) fn(...args);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
