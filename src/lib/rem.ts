import { MAX_LAYOUT_WIDTH } from '@/config/constants';

/** Root font size for a viewport width: a tenth of the width, capped at 540 (docs/product.md §9). */
export function rootFontSize(width: number): number {
  return Math.min(width, MAX_LAYOUT_WIDTH) / 10;
}

/** Applies the root font size now. index.html runs the same rule inline before any JS loads. */
export function applyRootFontSize(): void {
  const width = document.documentElement.clientWidth || window.innerWidth;
  document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
}

/** Keeps the root font size right on resize, orientation change and back-forward cache restore. */
export function installRootFontSize(): void {
  applyRootFontSize();
  window.addEventListener('resize', applyRootFontSize);
  window.addEventListener('orientationchange', applyRootFontSize);
  // iOS restores pages from the back-forward cache without a load event.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) applyRootFontSize();
  });
}
