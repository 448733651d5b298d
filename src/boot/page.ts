import type { BootHooks } from './globals';
import { storedCustomer } from './stored-customer';

/** The paths of the home, whose skeleton index.html's body is. */
export const isHome = (path: string) => path === '/' || path === '/index';

/**
 * The page before anything paints: the root font size (docs/product.md §9: min(width, 540) / 10,
 * so nothing reflows later), and `data-boot` for index.html's critical CSS: `guest` shows the
 * skeleton's login hint to a visitor on a home (no stored customer or no token cookie, decision
 * 0023); `plain` keeps any other screen's skeleton empty, never the home's header.
 */
export function preparePage(): void {
  const root = document.documentElement;
  root.style.fontSize = `${Math.min(root.clientWidth || window.innerWidth, 540) / 10}px`;
  const path = location.pathname;
  const home = isHome(path) || path === '/indexNew';
  if (!home) root.setAttribute('data-boot', 'plain');
  else if (!storedCustomer()) root.setAttribute('data-boot', 'guest');
}

/**
 * Runs `go` once the browser reports the first contentful paint (or a frame later where it
 * cannot tell), 300 ms at the latest for a page opened in the background: what starts after it
 * (the home's files, the app's download) never races the first paint (decision 0003).
 */
export const afterPaint: BootHooks['afterPaint'] = (go) => {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      go();
    }
  };
  // Older WebViews have no PerformanceObserver at all.
  const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (Observer?.supportedEntryTypes?.includes('paint'))
    new Observer((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(once);
      }
    }).observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 300);
};
