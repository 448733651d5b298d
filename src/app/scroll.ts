import { type DataRouter, NavigationType } from 'react-router-dom';
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

/** The history entries this app instance has seen, in order, and where it stands. */
export interface HistoryMirror {
  keys: string[];
  at: number;
}

/**
 * Follows a navigation in `mirror` and tells whether it went back. The router reports both
 * back and forward as POP; docs/product.md §2 restores the scroll only on going back, so a POP counts as
 * back only when it lands on an entry before the current one. An entry never seen (the first
 * screen, or history from before a reload, whose positions are gone anyway) is not "back".
 */
export function followHistory(mirror: HistoryMirror, key: string, action: NavigationType): boolean {
  if (action === NavigationType.Push) {
    mirror.keys = [...mirror.keys.slice(0, mirror.at + 1), key];
    mirror.at = mirror.keys.length - 1;
    return false;
  }
  const index = mirror.keys.indexOf(key);
  if (action === NavigationType.Replace || index === -1) {
    if (mirror.at < 0 || action === NavigationType.Pop) {
      mirror.keys = [key];
      mirror.at = 0;
    } else mirror.keys[mirror.at] = key;
    return false;
  }
  const back = index < mirror.at;
  mirror.at = index;
  return back;
}
