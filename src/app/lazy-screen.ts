/**
 * Loads a screen chunk, recovering from a failed load (docs/product.md §2.8, docs/style.md §9):
 * one immediate retry; then the page loads once more, at the navigation's target (remembered
 * in sessionStorage so it cannot loop); if the chunk still fails after that reload, the error
 * reaches the route's error element, which shows a retry view instead of a blank screen.
 */
import type { ComponentType } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { assignLocation, reloadPage } from '@/lib/browser-location';

export const RELOAD_KEY = 'chunk-reload-at';

type Loader = () => Promise<{ default: ComponentType }>;

// A screen's chunk loads before the router commits the navigation, so the address bar still
// shows the screen being left: the recovery must load where the user was going, not reload
// the old screen (which would load fine, clear the guard, and leave the tap without effect).
let destination: string | undefined;

/** The router's pending navigation target (a path), or undefined when idle. */
export function navigationTargetChanged(path: string | undefined): void {
  destination = path;
}

/** Reloads the page (at the pending navigation's target) once per failure episode; false when it already did. */
export function reloadOnce(): boolean {
  if (sessionStorage.getItem(RELOAD_KEY)) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (destination && destination !== here) assignLocation(destination);
  else reloadPage();
  return true;
}

// Set once the router has loaded its first location (main.tsx).
let firstScreenLoaded = false;

/**
 * From now on a screen's chunk starts loading after the frame of the tap that asked for it:
 * Vite's preload helper adds a `<link>` for each of the chunk's files not yet loaded, in the
 * caller's task, which was the tap's (decision 0045). The first screen's load is not delayed.
 */
export function firstScreenLoadedNow(): void {
  firstScreenLoaded = true;
}

export function lazyScreen(load: Loader) {
  return async (): Promise<{ Component: ComponentType }> => {
    // A hidden page draws no frame to wait for (a navigation started as WeChat goes to the background).
    if (firstScreenLoaded && document.visibilityState === 'visible') {
      await new Promise<void>((resolve) => afterNextPaint(resolve));
    }
    // Undefined when Vite's preload helper swallowed the failure (see below).
    let module: { default: ComponentType } | undefined;
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
    // The preload-error recovery is reloading the page: wait for it, and keep the guard (clearing
    // it here would let every reload reload again, forever, while the chunk keeps failing).
    if (!module) return new Promise(() => {});
    sessionStorage.removeItem(RELOAD_KEY);
    return { Component: module.default };
  };
}

/** Loads started by `quietly` and not yet settled. */
let quiet = 0;

/**
 * Runs a load nobody is waiting for (the likely next screens' prefetch): while it is on its
 * way, a failed chunk or dependency does not reload the page. A navigation that needs the same
 * chunk recovers on its own (`lazyScreen`).
 */
export function quietly<T>(load: () => Promise<T>): Promise<T> {
  quiet += 1;
  const settled = () => void (quiet -= 1);
  const loading = load();
  loading.then(settled, settled);
  return loading;
}

/**
 * Vite fires `vite:preloadError` when a chunk or its dependency fails to load (docs/product.md §8: no
 * message shown). The same single guarded reload applies; when it reloads, the event is
 * cancelled and Vite's helper resolves the import with undefined instead of rejecting. After
 * the reload the import rejects as usual. While a quiet load is on its way the event is left
 * alone: the import rejects, and a screen's own load recovers as `lazyScreen` does.
 */
export function installPreloadErrorRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (quiet > 0) return;
    if (reloadOnce()) event.preventDefault();
  });
}
