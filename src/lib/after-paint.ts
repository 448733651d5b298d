/**
 * Work that must not delay the first screen's paint: what only a logged-in customer's parts
 * need (the request client, their calls) starts after the frame that shows the screen's own
 * content (decision 0031).
 */

/** Runs `task` after the browser has painted the next frame (a frame, then a task). Returns a cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** At the latest this long after the app started, a screen without loaded content counts as shown. */
const FIRST_CONTENT_FALLBACK_MS = 1500;

/** When the app's code started (this module is part of the entry). */
const startedAt = performance.now();

let shown = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function open(): void {
  if (shown) return;
  shown = true;
  if (fallback !== undefined) clearTimeout(fallback);
  for (const task of [...waiting]) task();
  waiting.clear();
}

/** The first screen's own content has rendered (<PageState> calls it when its data first shows). */
export function firstContentShown(): void {
  if (!shown) afterNextPaint(open);
}

/**
 * Runs `task` once the first screen's content has painted (at once after that). Returns a cancel.
 */
export function afterFirstContent(task: () => void): () => void {
  if (shown) {
    task();
    return () => undefined;
  }
  waiting.add(task);
  // The fallback is armed by the first task that waits, not at start-up.
  fallback ??= setTimeout(open, Math.max(0, startedAt + FIRST_CONTENT_FALLBACK_MS - performance.now()));
  return () => waiting.delete(task);
}
