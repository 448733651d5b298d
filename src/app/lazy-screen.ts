/**
 * Loads a screen chunk, recovering from a failed load (DESIGN §5, STYLE §9):
 * one immediate retry; then the page reloads once (remembered in sessionStorage so it cannot
 * loop); if the chunk still fails after that reload, the error reaches the route's error
 * element, which shows a retry view instead of a blank screen.
 */
import type { ComponentType } from 'react';
import { reloadPage } from '@/lib/browser-location';

export const RELOAD_KEY = 'chunk-reload-at';

type Loader = () => Promise<{ default: ComponentType }>;

/** Reloads the page once per failure episode; false when it already did. */
export function reloadOnce(): boolean {
  if (sessionStorage.getItem(RELOAD_KEY)) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  reloadPage();
  return true;
}

export function lazyScreen(load: Loader) {
  return async (): Promise<{ Component: ComponentType }> => {
    let module: { default: ComponentType };
    try {
      module = await load();
    } catch {
      try {
        module = await load();
      } catch (error) {
        // Never resolves: the page is going away. Otherwise the retry view takes over.
        if (reloadOnce()) return new Promise(() => {});
        throw error;
      }
    }
    sessionStorage.removeItem(RELOAD_KEY);
    return { Component: module.default };
  };
}

/**
 * Vite fires `vite:preloadError` when a chunk's dependency fails to preload (SPEC §8: no
 * message shown). The same single guarded reload applies; after it the import rejects as usual.
 */
export function installPreloadErrorRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
