import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { addIndexCodeToStartUrl } from './app/index-code';
import { firstScreenLoadedNow, installPreloadErrorRecovery } from './app/lazy-screen';
import { createAppRouter, routerReady } from './app/router';
import { env } from './config/env';
import { installRootFontSize } from './lib/rem';
import { installFailureListeners } from './lib/rum-errors';
import { preloadOverlays } from './lib/toast';
import { installWeChatFixes } from './lib/wechat';
import { whenSettled } from './lib/when-settled';
import 'antd-mobile/es/global';
import './styles/global.css';

installRootFontSize();
installWeChatFixes();
installPreloadErrorRecovery();
installFailureListeners();

async function start() {
  // Compared literally so the production build drops the mock worker entirely.
  if (import.meta.env.VITE_MOCK === '1') {
    const { startMockWorker } = await import('../tests/mocks/browser');
    await startMockWorker();
  }
  addIndexCodeToStartUrl();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  router.initialize();
  // First screen (decision 0003): the first render is a transition, which React renders in slices of a few
  // milliseconds instead of one long task. RouterProvider only hears of router changes once
  // it has committed (it subscribes in a layout effect), so it starts when the router is
  // ready (the first screen's chunk loaded, a redirect followed): the router's own start
  // cannot change its state underneath the sliced render. NOTE: a history change in those
  // few milliseconds (the skeleton has nothing to tap) would be missed until the next one.
  await routerReady(router);
  firstScreenLoadedNow();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
  preloadOverlays();
  // Real-user monitoring (decision 0062): its chunk and web-vitals load once the page has settled.
  const measure = Math.random() < env.rumSampleRate;
  whenSettled(() => void startRum(measure).catch(() => undefined));
}

/**
 * Loads the monitoring's chunk, then starts it. Not `import().then(start)`: Vite's preload
 * helper runs such a `.then` inside the load, so a start that threw would count as a chunk that
 * failed to load, and its recovery reloads the page (decision 0068).
 */
async function startRum(measure: boolean): Promise<void> {
  const rum = await import('./app/rum');
  rum.startRum({ measure });
}

/** Resolves in a task of its own, letting the browser handle input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// First screen (decision 0003): evaluating the entry's modules, the start URL's indexCode (a history write), building
// the router and its first navigation are separate tasks, so none blocks a slow phone's main
// thread long enough to delay the first tap.
setTimeout(() => void start(), 0);
