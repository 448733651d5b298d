/**
 * Scroll positions per history entry (docs/product.md §2.5). The document
 * scrolls; the layout remembers `window.scrollY` per `location.key` when a screen is left.
 * Going back to a remounted screen, the position is applied when its content first shows
 * (`contentShown`, called by <PageState>), so it is not lost to a skeleton's short height.
 */
const positions = new Map<string, number>();
let pending: number | undefined;

export function rememberScroll(key: string, y: number): void {
  positions.set(key, y);
}

export function savedScroll(key: string): number | undefined {
  return positions.get(key);
}

/** Scrolls now, and again once the screen's content shows if it was too short to reach `y`. */
export function restoreScroll(y: number): void {
  window.scrollTo(0, y);
  pending = Math.abs(window.scrollY - y) > 1 ? y : undefined;
}

/** Scroll to the top and drop any pending restore. */
export function scrollToTop(): void {
  pending = undefined;
  window.scrollTo(0, 0);
}

/** A screen's data has rendered: finish a restore that was waiting for it. */
export function contentShown(): void {
  if (pending === undefined) return;
  const y = pending;
  pending = undefined;
  requestAnimationFrame(() => window.scrollTo(0, y));
}
