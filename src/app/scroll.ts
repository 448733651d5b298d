import type { DataRouter } from 'react-router-dom';
import { rememberScroll } from '@/lib/scroll-memory';

/**
 * Remembers the window's scroll position for the entry being left, at the moment the router
 * commits a new location (before React renders the next screen).
 */
export function installScrollMemory(router: DataRouter): void {
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  let currentKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === currentKey) return;
    rememberScroll(currentKey, window.scrollY);
    currentKey = state.location.key;
  });
}
