/**
 * First screen (decision 0003): work that the first screen does not need (preloading Toast and Dialog, the first
 * analytics event, the privacy check at start) waits until the page has settled, so it neither
 * competes with the first render nor blocks the main thread while the home becomes usable.
 */
import { afterNextPaint } from './after-paint';
import { whenIdle } from './when-idle';

/** How long after the `load` event deferred work waits before it asks for an idle moment. */
export const SETTLE_AFTER_LOAD_MS = 3000;

/**
 * The end of a tap or key press: the task then runs after the frame that shows the tap's own
 * result (its click handlers run after pointerup), not inside it, where it would add to its INP.
 */
const INTERACTIONS = ['pointerup', 'pointercancel', 'keyup'] as const;

/**
 * When the app's code started (this module is part of the entry). The entry is loaded after
 * the first paint (build/vite-plugins/first-paint-from-html.ts), so `load` can fire before it runs.
 */
const appStartedAt = performance.now();

/**
 * When `load` fired, or the app started if that was later, in performance.now() time;
 * undefined while the page is still loading.
 */
function loadedAt(): number | undefined {
  if (document.readyState !== 'complete') return undefined;
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  // No navigation timing (jsdom): nothing to wait for.
  if (!nav) return -SETTLE_AFTER_LOAD_MS;
  return Math.max(appStartedAt, nav.loadEventEnd || nav.loadEventStart);
}

/**
 * Runs `task` once: when the browser is idle at least SETTLE_AFTER_LOAD_MS after `load` (at
 * once-ish when that moment has passed), or once the user's first tap or key press has painted,
 * whichever comes first (unless `atFirstTap` is false). Returns a cancel.
 */
export function whenSettled(task: () => void, { atFirstTap = true }: { atFirstTap?: boolean } = {}): () => void {
  let done = false;
  const cleanups: Array<() => void> = [];
  const cleanup = () => cleanups.splice(0).forEach((undo) => undo());
  const run = () => {
    if (done) return;
    done = true;
    cleanup();
    task();
  };
  const idle = () => cleanups.push(whenIdle(run));
  const wait = (loadTime: number) => {
    const id = setTimeout(idle, Math.max(0, loadTime + SETTLE_AFTER_LOAD_MS - performance.now()));
    cleanups.push(() => clearTimeout(id));
  };

  const loadTime = loadedAt();
  if (loadTime !== undefined) wait(loadTime);
  else {
    const onLoad = () => wait(performance.now());
    window.addEventListener('load', onLoad, { once: true });
    cleanups.push(() => window.removeEventListener('load', onLoad));
  }
  for (const type of atFirstTap ? INTERACTIONS : []) {
    const tapped = () => cleanups.push(afterNextPaint(run));
    window.addEventListener(type, tapped, { once: true, passive: true, capture: true });
    cleanups.push(() => window.removeEventListener(type, tapped, { capture: true }));
  }
  return () => {
    done = true;
    cleanup();
  };
}
