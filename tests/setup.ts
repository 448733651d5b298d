/**
 * vitest setup for the portal: jest-dom matchers, msw on (an unmocked request fails the test),
 * and every store, storage and cookie reset between tests.
 */
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, type Mock, vi } from 'vitest';
import { earlyReset } from '@/api/early-json';
import { forgetPreloaded } from '@/hooks/server-state';
import { resetClock } from '@/lib/clock';
import { overlaysSettled } from '@/lib/toast';
import { resetTracking } from '@/lib/track';
import { agreementReset } from '@/stores/agreement';
import { freshnessReset } from '@/stores/freshness';
import { initialThemeState, useThemeStore } from '@/stores/theme';
import { useUnreadStore } from '@/stores/unread';
import { initialUserState, useUserStore } from '@/stores/user';
import { installConsoleGuard } from '../scripts/console-guard';
import { resetDb } from './mocks/db';
import { server } from './mocks/server';
import '@testing-library/jest-dom/vitest';

// Two stubs every portal file runs with (decision 0069): a test DOM cannot leave the page, and a
// toast is asserted as a call. The files of a worker share their modules and this file runs again
// for each of them, so the stubs are made once per worker: the modules already loaded and the
// file's own imports then hold the same functions. A file that needs the real module imports it
// with vi.importActual.
const stubs = vi.hoisted(() => {
  const worker = globalThis as {
    portalStubs?: Record<'assignLocation' | 'reloadPage' | 'showToast' | 'preloadOverlays', Mock>;
  };
  worker.portalStubs ??= { assignLocation: vi.fn(), reloadPage: vi.fn(), showToast: vi.fn(), preloadOverlays: vi.fn() };
  return worker.portalStubs;
});
vi.mock('@/lib/browser-location', () => ({ assignLocation: stubs.assignLocation, reloadPage: stubs.reloadPage }));
vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  showToast: stubs.showToast,
  preloadOverlays: stubs.preloadOverlays,
}));

// A console.error or console.warn a test did not declare fails it (expectConsole).
installConsoleGuard();

// findBy*/waitFor wait up to 30 s (default 1 s): a busy 2-core CI machine is slow, never wrong. Tests
// rely on this one limit; none passes its own, shorter timeout. vi.waitFor's own default is 1 s:
// its calls pass 30 s.
configure({ asyncUtilTimeout: 30_000 });

// antd-mobile converts px with a probe its global stylesheet fixes in place; tests load no CSS
// (css: false), so the probe gets that one rule here, as on a page.
if (!document.getElementById('px-tester-rule')) {
  const pxTesterRule = document.createElement('style');
  pxTesterRule.id = 'px-tester-rule';
  pxTesterRule.textContent = 'div.adm-px-tester { position: fixed; }';
  document.head.append(pxTesterRule);
}

// No canvas in the test DOM: getContext answers null, as jsdom's own does, without its console error.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// The test DOM lacks pointer capture, which antd-mobile's popups call on press.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Testing Library wraps render, events and user-event in act(); what lands between them (a
  // screen's chunk, an msw answer) is awaited with findBy/waitFor, which run outside act as
  // this does. Set after Testing Library's own beforeAll turned it on (decision 0061).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  cleanup();
  // A request the test left in flight is answered by its own handlers and data, before they
  // reset: answered later, it would toast 请先登录 or end the session in the next test. Imported
  // here, not above: loaded before the test file, the client would miss the file's vi.mock.
  const { requestsSettled } = await import('@/api/client');
  await requestsSettled();
  server.resetHandlers();
  resetDb();
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove('token', { path: '/' });
  useUserStore.setState({ ...initialUserState });
  useThemeStore.setState({ ...initialThemeState });
  useUnreadStore.setState({ unreadCount: 0 });
  resetClock();
  agreementReset();
  freshnessReset();
  forgetPreloaded();
  earlyReset();
  // Queued analytics and their flush timer: a flush due after the last test would run once
  // the DOM is gone (ReferenceError: navigator is not defined).
  resetTracking();
  document.title = '';
  // antd-mobile's imperative overlays (Dialog, Toast) render in React roots of their own, each
  // kept on its container in the body (src/lib/antd-react19.ts). Unmounted here, an overlay the
  // test left open or closing cannot go on animating into the next test, or the next file.
  for (const host of document.body.children) (host as { _reactRoot?: Root })._reactRoot?.unmount();
  document.body.innerHTML = '';
  // The files of a worker share the document: what a test marked on <html> (the boot's
  // data-boot, the root font size) goes with it.
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  for (const stub of Object.values(stubs)) stub.mockReset();
});
afterAll(async () => {
  // What a file changed of the worker's globals ends with it, as it did when each file had a
  // worker of its own: its spies, stubbed globals and variables, and fake timers.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A toast a failed request asked for at the end of the last test, or the overlays' preload,
  // may still be loading its code: let it finish while the environment is there.
  await overlaysSettled();
  // React runs a commit's passive effects in a scheduler task of their own (a setImmediate in
  // Node): one still due after the last test ran once the DOM had gone (window is not defined).
  // Two timer turns let it, and any task it queues, run first.
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  server.close();
});

// The test DOM lacks these; the layout and lists call them.
window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
  const top = typeof x === 'object' ? (x.top ?? 0) : (y ?? 0);
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  Object.defineProperty(window, 'pageYOffset', { value: top, configurable: true, writable: true });
}) as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('IntersectionObserver' in window)) {
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoopObserver, ResizeObserver: NoopObserver });
}
