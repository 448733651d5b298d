/** The idle callback runs at the latest this long after it was asked for. */
const IDLE_TIMEOUT_MS = 2000;
/**
 * Where the browser cannot tell when it is idle (Safari and WeChat on iOS have no
 * requestIdleCallback; nor has jsdom), the task waits this long: the frame being drawn goes first.
 */
const NO_IDLE_DELAY_MS = 50;

/**
 * Runs `task` when the browser is idle, at the latest IDLE_TIMEOUT_MS later; without
 * requestIdleCallback, NO_IDLE_DELAY_MS later. Returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, NO_IDLE_DELAY_MS);
  return () => clearTimeout(id);
}
