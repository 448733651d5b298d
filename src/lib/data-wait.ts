/**
 * Screens waiting for their first data (a `<PageState>` that is loading). The navigation
 * progress bar shows for them as for a screen's chunk (docs/product.md §11.6: "while a screen's
 * chunk or first data takes longer than 300 ms").
 */
let waiting = 0;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** A screen started waiting; the returned function says it stopped (once). */
export function dataWaitStarted(): () => void {
  waiting += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting -= 1;
    emit();
  };
}

export function subscribeDataWait(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isDataWaiting = () => waiting > 0;
